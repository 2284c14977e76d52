package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Operators scoped to organizations (configs/organizations.yml, issue 26 item 5): alice decides for
 * org-acme only; a request of another organization, or of none, does not exist for her: absent from
 * her lists, 404 to read, approve or deny, and its audit events left out of her audit pages and her
 * live stream. bob, unscoped, sees everything.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class OrganizationScopeIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/organizations.yml"),
          DEPLOYMENT.operatorOverrides());

  private static final String REQUESTS = "/v1/override-requests";
  private static final String ALICE = "alice-token-0123456789abcdef";
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private CoordinatorHttp runtime;
  private CoordinatorHttp alice;
  private CoordinatorHttp bob;

  @BeforeEach
  void clients() {
    CoordinatorHttp anonymous = new CoordinatorHttp(APP.getLocalPort());
    runtime = anonymous.withToken("runtime-token-0123456789abcdef");
    alice = anonymous.withToken(ALICE);
    bob = anonymous.withToken("bob-token-0123456789abcdef");
  }

  @Test
  void anOperatorOutsideTheOrganizationNeitherSeesNorDecidesTheRequest() {
    String acme = submit("org-acme");
    String globex = submit("org-globex");
    String none = submit(null);

    assertThat(ids(alice.get(REQUESTS + "?limit=100"))).contains(acme).doesNotContain(globex, none);
    assertThat(ids(bob.get(REQUESTS + "?limit=100"))).contains(acme, globex, none);
    for (String hidden : List.of(globex, none)) {
      assertThat(alice.get(REQUESTS + "/" + hidden).status()).isEqualTo(404);
      assertThat(alice.post(REQUESTS + "/" + hidden + "/approve", approve("ops-1")).status())
          .isEqualTo(404);
      assertThat(alice.post(REQUESTS + "/" + hidden + "/deny", deny("ops-1", "no")).status())
          .isEqualTo(404);
      assertThat(bob.get(REQUESTS + "/" + hidden).body().get("status").asText())
          .isEqualTo("PENDING");
    }
    assertThat(alice.post(REQUESTS + "/" + acme + "/approve", approve("ops-1")).status())
        .isEqualTo(200);
  }

  @Test
  void theAuditTrailOfAnotherOrganizationIsLeftOut() {
    String acme = submit("org-acme");
    String globex = submit("org-globex");

    List<String> seen = new ArrayList<>();
    alice
        .get("/v1/audit-events?limit=500")
        .body()
        .get("data")
        .forEach(e -> seen.add(e.get("coordinatorRequestId").asText()));

    assertThat(seen).contains(acme).doesNotContain(globex);
    assertThat(alice.get("/v1/audit-events?requestId=" + globex).body().get("data")).isEmpty();
    assertThat(bob.get("/v1/audit-events?requestId=" + globex).body().get("data")).hasSize(1);
  }

  @Test
  void theLiveStreamLeavesOutAnotherOrganizationsEvents() throws Exception {
    HttpResponse<Stream<String>> response =
        CLIENT.send(
            HttpRequest.newBuilder(
                    URI.create(
                        "http://127.0.0.1:" + APP.getLocalPort() + "/v1/audit-events/stream"))
                .header("Accept", "text/event-stream")
                .header("Authorization", "Bearer " + ALICE)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    try (SseFrames frames = new SseFrames(response.body())) {
      frames.next(); // the opening comment
      String globex = submit("org-globex");
      String acme = submit("org-acme");

      JsonNode event = CoordinatorHttp.JSON.readTree(frames.nextEvent().get("data"));

      assertThat(event.get("coordinatorRequestId").asText()).isEqualTo(acme).isNotEqualTo(globex);
    }
  }

  private String submit(String organization) {
    ObjectNode body = submission("actor-" + UUID.randomUUID());
    if (organization != null) {
      body.putObject("requester")
          .put("organizationId", organization)
          .put("kind", "API_KEY")
          .put("id", "key-" + organization);
    }
    Answer answer = runtime.post(REQUESTS, body);
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static List<String> ids(Answer list) {
    List<String> ids = new ArrayList<>();
    list.body().get("data").forEach(r -> ids.add(r.get("coordinatorRequestId").asText()));
    return ids;
  }
}
