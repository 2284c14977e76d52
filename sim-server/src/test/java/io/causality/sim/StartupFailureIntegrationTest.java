package io.causality.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.testing.SimProcess;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A failed startup check of the built jar: status 1 and one line an operator can act on. */
class StartupFailureIntegrationTest {
  @Test
  void aMissingPolicyFileIsOneLineNamingTheFile() {
    Path missing = Path.of("target", "no-such-policy.json").toAbsolutePath();
    try (SimProcess sim = SimProcess.create("evaluation.policyPath=" + missing)) {
      int status = sim.startAndAwaitExit(Duration.ofSeconds(90));

      assertThat(status).isEqualTo(1);
      assertThat(sim.log())
          .contains(
              "sim-server did not start: evaluation.policyPath "
                  + missing
                  + ": cannot read the file")
          .doesNotContain("\tat ")
          .doesNotContain("EvaluationPolicyException");
    }
  }
}
