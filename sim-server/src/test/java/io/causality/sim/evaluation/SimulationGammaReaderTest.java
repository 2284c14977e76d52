package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causality.sim.engine.output.AgentSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What "gamma of a simulation" means: the mean over live agents, and its trend. */
class SimulationGammaReaderTest {
  static AgentSnapshot agent(String status, double gamma) {
    return new AgentSnapshot("a", 0, 0, 0, 0, status, null, 0, 0.5, gamma);
  }

  @Test
  void gammaIsTheMeanOverLiveAgentsOnly() {
    double gamma =
        SimulationGammaReader.meanLiveGamma(
            List.of(
                agent("held", 0.2),
                agent("free", 0.4),
                agent("straying", 0.6),
                agent("lost", 0.9),
                agent("removed", 1)));
    assertThat(gamma).isCloseTo(0.4, within(1e-12));
  }

  @Test
  void noLiveAgentIsGammaZero() {
    assertThat(SimulationGammaReader.meanLiveGamma(List.of(agent("lost", 0.9)))).isZero();
  }

  @Test
  void trendIsTheMeanChangePerTickOverTheWindow() {
    assertThat(
            SimulationGammaReader.trend(
                    List.of(
                        new GammaHistory.Point(3, 0.5),
                        new GammaHistory.Point(4, 0.49),
                        new GammaHistory.Point(7, 0.42)))
                .getAsDouble())
        .isCloseTo(-0.02, within(1e-12));
    assertThat(SimulationGammaReader.trend(List.of(new GammaHistory.Point(0, 0.5)))).isEmpty();
  }
}
