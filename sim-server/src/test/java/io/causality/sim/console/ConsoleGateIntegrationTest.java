package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.evaluation.TwoServices;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * "Evaluate against the gate" with both services running, as EvaluationFlowIntegrationTest runs
 * them: sim-server's gate on the coordinator's policy (gamma floor 0.35), a rejection submitted
 * from the page, and the coordinator holding the request whose id the page shows.
 */
class ConsoleGateIntegrationTest extends ConsoleBrowserTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();
  static final DropwizardAppExtension<SimConfiguration> APP =
      TwoServices.simServer(COORDINATOR, "5 seconds");
  private static final Pattern SUBMITTED =
      Pattern.compile("Submitted to the coordinator: request (\\S+)");

  /** Two agents held by one attractor at gamma 0.2 and 0.3: their mean is under the floor. */
  private static final String BELOW_THE_FLOOR =
      """
      {"scenario": {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.2},
          "attractorPreferences": {"core": 1}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": 0.3},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}}
      """;

  @BeforeAll
  static void start() {
    open(APP);
  }

  @AfterAll
  static void stopCoordinator() {
    COORDINATOR.stop();
  }

  @Test
  void aRejectionIsSubmittedToTheCoordinatorFromThePage() {
    String id = page.createFromBodyAndStep(BELOW_THE_FLOOR, 5);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("5 ticks plotted");

    browser.button("Evaluate against the gate").click();
    browser.await(d -> browser.section("State gate").getText().contains("REJECT_STATE"));
    assertThat(browser.section("State gate").getText()).contains("GAMMA_BELOW_FLOOR");
    browser.button(browser.section("State gate"), "Submit to the coordinator").click();

    browser.await(d -> SUBMITTED.matcher(browser.section("State gate").getText()).find());
    Matcher submitted = SUBMITTED.matcher(browser.section("State gate").getText());
    assertThat(submitted.find()).isTrue();
    JsonNode stored = TwoServices.Operator.of(COORDINATOR).record(submitted.group(1));
    assertThat(stored.get("status").asText()).isEqualTo("PENDING");
    assertThat(stored.get("sentinelFeed").get("escalationContext").get("simulationId").asText())
        .isEqualTo(id);
    // the simulation's evaluations: the first one alone, then the one submitted, newest first
    browser.await(
        d ->
            browser
                .section("State gate")
                .getText()
                .contains("submitted as override request " + submitted.group(1)));
    String evaluations = browser.section("State gate").getText();
    assertThat(evaluations)
        .containsPattern("tick 4: REJECT_STATE \\(GAMMA_BELOW_FLOOR\\) · submitted as override")
        .contains("2 of 2, newest first.");
  }
}
