package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.evaluation.TwoServices;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.WebElement;

/**
 * "Evaluate against the gate" with both services running, as EvaluationFlowIntegrationTest runs
 * them: sim-server's gate on the coordinator's policy (gamma floor 0.35), a rejection submitted
 * from the page, and the coordinator holding the request whose id the page shows; what operator-1
 * then decides at the coordinator (approved, redeemed and applied; denied), shown under the
 * evaluations on Refresh; and, last, the coordinator stopped: the panel says so and keeps the list.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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
  @Order(1)
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

  @Test
  @Order(2)
  void whatTheOperatorsDecidedIsShownUnderTheEvaluationsOnRefresh() {
    TwoServices.Operator operator = TwoServices.Operator.of(COORDINATOR);
    String id = page.createFromBodyAndStep(BELOW_THE_FLOOR, 5);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("5 ticks plotted");
    String approved = submitFromThePage();
    browser.await(d -> gate().getText().contains("PENDING"));

    JsonNode token = operator.approve(approved, "checked the trend");
    browser.button(gate(), "Refresh").click();

    browser.await(d -> gate().getText().contains("APPROVED"));
    assertThat(gate().getText())
        .contains("approved by operator-1")
        .contains("“checked the trend”")
        .contains("not applied yet");

    // the requester applies the operator's token to the evaluation request it was issued for
    JsonNode request = operator.record(approved).get("evaluationRequest");
    JsonNode applied =
        TwoServices.json(
            TwoServices.post(
                page.origin() + "/v1/evaluations",
                TwoServices.withToken((ObjectNode) request, token).toString(),
                page.key),
            200);
    assertThat(applied.get("overrideOutcome").get("status").asText()).isEqualTo("Applied");
    browser.button(gate(), "Refresh").click();
    browser.await(d -> gate().getText().contains("REDEEMED"));
    assertThat(gate().getText())
        .contains("applied here to evaluation request " + request.get("requestId").asText());

    // a new rejection of the same simulation is a new request, which operator-1 denies
    String denied = submitFromThePage();
    operator.deny(denied, "too steep a fall");
    browser.button(gate(), "Refresh").click();
    browser.await(d -> gate().getText().contains("DENIED"));
    assertThat(gate().getText())
        .contains("denied by operator-1")
        .contains("“too steep a fall”")
        .contains("REDEEMED");
    browser.driver.executeScript("arguments[0].scrollIntoView()", gate());
    page.docScreenshot("gate", false);
  }

  @Test
  @Order(3)
  void aStoppedCoordinatorIsToldAndTheEvaluationsStayListed() {
    String id = page.createFromBodyAndStep(BELOW_THE_FLOOR, 5);
    TwoServices.json(
        TwoServices.post(
            page.origin() + "/v1/simulations/" + id + "/evaluations",
            "{\"submit\":true}",
            page.key),
        200);
    COORDINATOR.stop();
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);

    browser.await(d -> gate().getText().contains("The coordinator cannot be reached just now"));
    assertThat(gate().getText())
        .contains("tick 4: REJECT_STATE (GAMMA_BELOW_FLOOR) · submitted as override request")
        .contains("What the coordinator did with this request is not known now.")
        .contains("Press Refresh to try again.");
    assertThat(browser.button(gate(), "Evaluate against the gate").isEnabled()).isTrue();
    page.expectFailedLoads("503");
  }

  /** Evaluates and submits from the page; answers the new request's coordinatorRequestId. */
  private static String submitFromThePage() {
    String before = gate().getText();
    browser.button(gate(), "Evaluate against the gate").click();
    browser.await(d -> browser.button(gate(), "Submit to the coordinator").isDisplayed());
    browser.button(gate(), "Submit to the coordinator").click();
    browser.await(
        d -> {
          Matcher m = SUBMITTED.matcher(gate().getText());
          return m.find() && !before.contains(m.group(1));
        });
    Matcher submitted = SUBMITTED.matcher(gate().getText());
    assertThat(submitted.find()).isTrue();
    String requestId = submitted.group(1);
    browser.await(d -> gate().getText().contains("submitted as override request " + requestId));
    return requestId;
  }

  private static WebElement gate() {
    return browser.section("State gate");
  }
}
