package io.causality.hitl.coordinator.auth;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.ConsoleCapture;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Without callers (configs/minimal.yml) the API is open on loopback. Found by review: there, the
 * key named in the body decided, so an anonymous client approved with {@code ops-1} and then {@code
 * ops-2} and completed a quorum of two. The open mode now only submits, lists, gets and redeems;
 * approving, denying and the audit trail need an authenticated operator (issue 26, item 1), and
 * every start says so at WARN.
 */
class OpenModeIntegrationTest {
  private static final String REQUESTS = "/v1/override-requests";

  private static DropwizardAppExtension<CoordinatorConfiguration> app;
  private static String console;
  private static CoordinatorHttp anonymous;

  @BeforeAll
  static void start() throws Exception {
    try (ConsoleCapture capture = ConsoleCapture.start()) {
      app =
          new DropwizardAppExtension<>(
              CoordinatorApplication.class,
              ResourceHelpers.resourceFilePath("configs/minimal.yml"),
              TestDeployment.plain().overrides("logging.level", "INFO"));
      app.before();
      console = capture.text();
    }
    anonymous = new CoordinatorHttp(app.getLocalPort());
  }

  @AfterAll
  static void stop() {
    app.after();
  }

  @Test
  void anAnonymousClientNeitherApprovesNorDenies() {
    String id = submit("actor-open");

    Answer approved = anonymous.post(REQUESTS + "/" + id + "/approve", approve("ops-1"));
    Answer denied = anonymous.post(REQUESTS + "/" + id + "/deny", deny("ops-1", "no"));

    for (Answer answer : new Answer[] {approved, denied}) {
      assertThat(answer.status()).as(answer.text()).isEqualTo(403);
      assertThat(answer.errorCode()).isEqualTo("FORBIDDEN");
      assertThat(answer.body().path("error").path("message").asText())
          .contains("no callers configured")
          .contains("authenticated operator");
    }
    assertThat(anonymous.get(REQUESTS + "/" + id).body().get("status").asText())
        .isEqualTo("PENDING");
    assertThat(anonymous.get(REQUESTS + "/" + id).body().get("audit")).hasSize(1);
  }

  @Test
  void theOpenModeSubmitsListsAndGetsButKeepsTheAuditTrailClosed() {
    String id = submit("actor-open-read");

    assertThat(anonymous.get(REQUESTS).status()).isEqualTo(200);
    assertThat(anonymous.get(REQUESTS + "/" + id).status()).isEqualTo(200);
    assertThat(anonymous.get("/v1/audit-events").status()).isEqualTo(403);
  }

  @Test
  void aRequesterNamedByTheOpenCallerIsDropped() {
    ObjectNode body = submission("actor-open-requester");
    body.putObject("requester")
        .put("organizationId", "org-acme")
        .put("kind", "API_KEY")
        .put("id", "key-a");

    String id = anonymous.post(REQUESTS, body).body().get("coordinatorRequestId").asText();

    assertThat(anonymous.get(REQUESTS + "/" + id).body().get("requester").isNull()).isTrue();
  }

  @Test
  void everyStartSaysLoudlyThatTheModeIsOpen() {
    assertThat(Arrays.stream(console.split("\n")).filter(line -> line.contains("OPEN MODE")))
        .singleElement()
        .asString()
        .startsWith("WARN")
        .contains("nobody can approve or deny");
  }

  private static String submit(String actorId) {
    Answer answer = anonymous.post(REQUESTS, submission(actorId));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }
}
