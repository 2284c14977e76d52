package io.causality.sim.usage;

import io.causality.common.schedule.PeriodicTask;
import io.dropwizard.lifecycle.Managed;
import java.time.Duration;

/** Flushes the {@link UsageMeter} on a schedule, and once more when the service stops. */
public final class UsageFlusher implements Managed {
  private final UsageMeter meter;
  private final PeriodicTask flushes;

  public UsageFlusher(UsageMeter meter, Duration interval) {
    this.meter = meter;
    this.flushes =
        new PeriodicTask("usage-flusher", UsageFlusher.class, interval, interval, meter::flush);
  }

  @Override
  public void start() {
    flushes.start();
  }

  @Override
  public void stop() throws InterruptedException {
    flushes.stop();
    meter.flush();
  }
}
