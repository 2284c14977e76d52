package io.causality.hitl.coordinator.auth;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.RawHttp;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A web page in an operator's browser cannot approve, deny, submit or redeem (docs/security.md,
 * "Browsers"): any {@code Origin} on a write is 403, as the coordinator serves no page that writes;
 * a {@code Host} of another name (DNS rebinding) is 421 on both ports; answers to callers with a
 * token are not stored by caches.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class BrowserRequestsIntegrationTest {
  private static final String OPERATOR = "operator-token-0123456789abcdef";
  private static final String RUNTIME = "runtime-token-0123456789abcdef";
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/callers.yml"),
          DEPLOYMENT.overrides());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private String submitted() {
    CoordinatorHttp.Answer answer =
        new CoordinatorHttp(APP.getLocalPort())
            .withToken(RUNTIME)
            .post("/v1/override-requests", submission("actor-" + UUID.randomUUID()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static HttpResponse<String> fromPage(String path, String body, String origin)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getLocalPort() + path))
            .header("Authorization", "Bearer " + OPERATOR)
            .header("Content-Type", "application/json")
            .header("Origin", origin)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void noPageMayApproveOrDenyNotEvenOneOfThisOrigin() throws Exception {
    String id = submitted();
    String self = "http://127.0.0.1:" + APP.getLocalPort();
    for (String origin : new String[] {"http://attacker.example", "null", self}) {
      for (String decision : new String[] {"approve", "deny"}) {
        HttpResponse<String> answer =
            fromPage(
                "/v1/override-requests/" + id + "/" + decision, "{\"keyId\":\"ops-1\"}", origin);
        assertThat(answer.statusCode()).as(origin + " " + decision).isEqualTo(403);
        assertThat(JSON.readTree(answer.body()).at("/error/code").asText()).isEqualTo("FORBIDDEN");
      }
    }
    JsonNode record =
        new CoordinatorHttp(APP.getLocalPort())
            .withToken(OPERATOR)
            .get("/v1/override-requests/" + id)
            .body();
    assertThat(record.get("status").asText()).isEqualTo("PENDING");
  }

  @Test
  void aRebindingNameIsMisdirectedOnBothPorts() throws Exception {
    for (int port : new int[] {APP.getLocalPort(), APP.getAdminPort()}) {
      RawHttp.Answer answer =
          RawHttp.exchange(
              port,
              new RawHttp.Request(
                  "GET",
                  "/v1/override-requests",
                  Map.of("Host", "rebound.attacker.example", "Authorization", "Bearer " + OPERATOR),
                  null,
                  false));
      assertThat(answer.status()).as("port " + port).isEqualTo(421);
      assertThat(new String(answer.body(), StandardCharsets.UTF_8)).contains("MISDIRECTED_REQUEST");
    }
  }

  @Test
  void answersToCallersWithATokenAreNotStored() {
    CoordinatorHttp.Answer list =
        new CoordinatorHttp(APP.getLocalPort()).withToken(OPERATOR).get("/v1/override-requests");
    assertThat(list.status()).isEqualTo(200);
    assertThat(list.headers().firstValue("Cache-Control")).hasValue("no-store");
  }
}
