package io.causality.hitl.coordinator.cli.dashboard;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.googlecode.lanterna.input.KeyType;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The dashboard on Lanterna's virtual terminal against a coordinator running in the test. Each test
 * submits its own requests just before it opens the dashboard, so that they are the newest and the
 * first one is selected.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class DashboardIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/operator-tools.yml"),
          DEPLOYMENT.overrides());

  private CoordinatorHttp http;
  private CoordinatorClient client;

  @BeforeEach
  void coordinator() {
    http = CoordinatorHttp.callers(APP.getLocalPort());
    client =
        new CoordinatorClient(
            URI.create("http://127.0.0.1:" + APP.getLocalPort()),
            CoordinatorClient.DEFAULT_TIMEOUT,
            Optional.of(CoordinatorHttp.OPERATOR_TOKEN));
  }

  private String submit(String actorId, String riskLevel) {
    ObjectNode body = submission(actorId);
    body.putObject("sentinelSummary")
        .put("narrative", "gamma falling for 3 windows")
        .put("riskLevel", riskLevel)
        .putArray("highlights")
        .add("gamma 0.21");
    Answer answer = http.post("/v1/override-requests", body);
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private JsonNode record(String id) {
    return http.get("/v1/override-requests/" + id).body();
  }

  private String status(String id) {
    return record(id).get("status").asText();
  }

  @Test
  void showsTheSelectedRequestAndFollowsTheSelection() throws Exception {
    String older = submit("actor-nav", "HIGH");
    String newer = submit("actor-nav", "CRITICAL");
    try (VirtualDashboard dashboard = new VirtualDashboard(client, TestDeployment.KEY_ID)) {
      String screen = dashboard.awaitText("Request " + newer);
      assertThat(screen)
          .contains(
              "> " + newer.substring(0, 8) + " actor-nav",
              "Evaluation: REJECT_STATE / GAMMA_BELOW_FLOOR",
              "Risk level: CRITICAL",
              "Sentinel: gamma falling for 3 windows",
              "Gamma headroom: -0.14",
              "Steps to breach: 0",
              "Other requests of actor-nav:",
              older.substring(0, 8) + " PENDING");
      assertThat(screen).containsPattern("Time left: 5\\dm\\d\\ds");

      dashboard.press(KeyType.ArrowDown);
      screen = dashboard.awaitText("Request " + older);
      assertThat(screen).contains("Risk level: HIGH", newer.substring(0, 8) + " PENDING");

      dashboard.press(KeyType.ArrowUp);
      dashboard.awaitText("Request " + newer);
      dashboard.press(KeyType.Enter);
      screen = dashboard.awaitNoText("Gamma headroom");
      assertThat(screen).contains("Other requests of actor-nav:");
      dashboard.press(KeyType.Enter);
      dashboard.awaitText("Gamma headroom: -0.14");
    }
  }

  @Test
  void approvesOnlyAfterConfirmation() throws Exception {
    String id = submit("actor-dash-approve", "HIGH");
    try (VirtualDashboard dashboard = new VirtualDashboard(client, TestDeployment.KEY_ID)) {
      dashboard.awaitText("Request " + id);

      dashboard.press('a');
      dashboard.awaitText("Approve request " + id + "?");
      assertThat(status(id)).isEqualTo("PENDING");
      dashboard.press('y');

      // The notice is drawn after the approval came back, so the server has it by now.
      String screen = dashboard.awaitText("approved " + id + ": token ");
      assertThat(status(id)).isEqualTo("APPROVED");
      assertThat(screen).doesNotContain("Approve request").doesNotContain("Request " + id);
      assertThat(record(id).get("decidedBy").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
    }
  }

  @Test
  void noOrEscapeCancelsAndNothingIsSent() throws Exception {
    String id = submit("actor-dash-cancel", "LOW");
    try (VirtualDashboard dashboard = new VirtualDashboard(client, TestDeployment.KEY_ID)) {
      dashboard.awaitText("Request " + id);

      dashboard.press('a');
      dashboard.awaitText("Approve request " + id + "?");
      dashboard.press('n');
      dashboard.awaitNoText("Approve request");
      dashboard.press('D');
      dashboard.awaitText("Deny request " + id + "?");
      dashboard.press(KeyType.Escape);
      String screen = dashboard.awaitNoText("Deny request");

      assertThat(screen).contains("cancelled: nothing was sent", "Request " + id);
      // Y outside a dialog confirms nothing.
      dashboard.press('y');
      dashboard.press('r');
      dashboard.awaitText("Request " + id);
      assertThat(status(id)).isEqualTo("PENDING");
      assertThat(record(id).get("audit")).hasSize(1);
    }
  }

  @Test
  void deniesAfterConfirmation() throws Exception {
    String id = submit("actor-dash-deny", "HIGH");
    try (VirtualDashboard dashboard = new VirtualDashboard(client, TestDeployment.KEY_ID)) {
      dashboard.awaitText("Request " + id);

      dashboard.press('d');
      dashboard.awaitText("Deny request " + id + "?");
      dashboard.press('Y');

      dashboard.awaitText("denied " + id);
      assertThat(status(id)).isEqualTo("DENIED");
      assertThat(record(id).get("decidedBy").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
    }
  }

  @Test
  void showsAnUnreachableCoordinatorAndKeepsRunning() throws Exception {
    String closed = "http://127.0.0.1:" + closedPort();
    CoordinatorClient nowhere =
        new CoordinatorClient(
            URI.create(closed), CoordinatorClient.DEFAULT_TIMEOUT, Optional.empty());
    try (VirtualDashboard dashboard = new VirtualDashboard(nowhere, TestDeployment.KEY_ID)) {
      dashboard.await(
          "the unreachable coordinator on the status line",
          screen -> dashboard.statusLine().contains("coordinator unreachable at " + closed));

      dashboard.press('r');
      dashboard.press(KeyType.ArrowDown);
      dashboard.press('a');
      dashboard.awaitText("no pending request selected");
      dashboard.resize(80, 20);

      dashboard.await(
          "the whole panel redrawn on the resized screen",
          screen ->
              screen.split("\n", -1).length == 21
                  && screen.startsWith("hitl dashboard")
                  && screen.contains("PENDING (0)")
                  && dashboard.statusLine().startsWith("coordinator unreachable"));
      assertThat(dashboard.statusLine()).hasSizeLessThanOrEqualTo(80);
      dashboard.assertRunning();
    }
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
