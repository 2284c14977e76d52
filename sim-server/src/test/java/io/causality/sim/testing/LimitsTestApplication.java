package io.causality.sim.testing;

import io.causality.common.testing.TestClock;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.dropwizard.core.setup.Environment;
import java.time.Clock;

/**
 * The real application, plus {@link TestSimulationsResource} standing in for the simulation
 * endpoints, and a clock the test can move.
 */
public class LimitsTestApplication extends SimApplication {
  public final TestClock clock = new TestClock();
  public final TestSimulationsResource simulations = new TestSimulationsResource();

  @Override
  protected Clock clock() {
    return clock;
  }

  @Override
  public void run(SimConfiguration configuration, Environment environment) {
    super.run(configuration, environment);
    environment.jersey().register(simulations);
  }
}
