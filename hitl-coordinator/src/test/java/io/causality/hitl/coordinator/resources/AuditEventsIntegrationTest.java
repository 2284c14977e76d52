package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /v1/audit-events} with callers configured: the operator role, chain order with each
 * event's sequence and hashes, every filter, the pagination object, and a 400 naming each bad
 * parameter.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class AuditEventsIntegrationTest {
  private static final String RUNTIME = "runtime-token-0123456789abcdef";
  private static final String OPERATOR = "operator-token-0123456789abcdef";
  private static final String CONFIG = ResourceHelpers.resourceFilePath("configs/callers.yml");
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(CoordinatorApplication.class, CONFIG, DEPLOYMENT.overrides());

  private static final String REQUESTS = "/v1/override-requests";
  private static final String EVENTS = "/v1/audit-events";

  private CoordinatorHttp anonymous;
  private CoordinatorHttp runtime;
  private CoordinatorHttp operator;

  @BeforeEach
  void clients() {
    anonymous = new CoordinatorHttp(APP.getLocalPort());
    runtime = anonymous.withToken(RUNTIME);
    operator = anonymous.withToken(OPERATOR);
  }

  private String submitted() {
    Answer answer = runtime.post(REQUESTS, submission("actor-" + UUID.randomUUID()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private String denied() {
    String id = submitted();
    Answer answer = operator.post(REQUESTS + "/" + id + "/deny", deny(TestDeployment.KEY_ID, "no"));
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return id;
  }

  private JsonNode page(String query) {
    Answer answer = operator.get(EVENTS + query);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.body();
  }

  @Test
  void eventsComeInChainOrderEachLinkedToTheOneBefore() {
    denied();
    submitted();

    JsonNode events = page("?limit=500").get("data");

    assertThat(events.size()).isGreaterThanOrEqualTo(3);
    for (int i = 1; i < events.size(); i++) {
      JsonNode before = events.get(i - 1);
      JsonNode event = events.get(i);
      assertThat(event.get("sequence").asLong()).isEqualTo(before.get("sequence").asLong() + 1);
      assertThat(event.get("previousHash").asText()).isEqualTo(before.get("hash").asText());
      assertThat(event.get("hash").asText()).matches("[0-9a-f]{64}");
    }
  }

  @Test
  void aRequestsEventsCarryItsFieldsAndPageWithTheirTotal() {
    String id = denied();

    JsonNode both = page("?requestId=" + id);
    JsonNode second = page("?requestId=" + id + "&limit=1&offset=1");

    assertThat(both.get("data"))
        .extracting(e -> e.get("eventType").asText())
        .containsExactly("SUBMITTED", "DENIED");
    JsonNode deniedEvent = both.get("data").get(1);
    assertThat(deniedEvent.get("coordinatorRequestId").asText()).isEqualTo(id);
    assertThat(deniedEvent.get("actorId").asText()).isEqualTo("operator-1");
    assertThat(deniedEvent.get("note").asText()).isEqualTo("no");
    assertThat(deniedEvent.get("timestamp").asText()).endsWith("Z");
    assertThat(second.get("data")).hasSize(1);
    assertThat(second.get("data").get(0)).isEqualTo(deniedEvent);
    assertThat(second.get("pagination").toString())
        .isEqualTo("{\"limit\":1,\"offset\":1,\"total\":2}");
  }

  @Test
  void filtersCombine() {
    String id = denied();
    String other = submitted();
    String submittedAt = page("?requestId=" + id).get("data").get(0).get("timestamp").asText();

    assertThat(types("?requestId=" + id + "&eventType=DENIED")).containsExactly("DENIED");
    assertThat(types("?requestId=" + other + "&actorId=runtime")).containsExactly("SUBMITTED");
    assertThat(types("?requestId=" + other + "&actorId=operator-1")).isEmpty();
    assertThat(types("?requestId=" + id + "&from=" + submittedAt)).hasSize(2);
    assertThat(types("?requestId=" + id + "&to=" + submittedAt)).isEmpty();
    assertThat(types("?requestId=" + id + "&from=2999-01-01T00:00:00Z")).isEmpty();
    assertThat(page("?requestId=" + UUID.randomUUID()).get("pagination").get("total").asLong())
        .isZero();
  }

  @Test
  void eachBadParameterIsNamedInOne400() {
    Answer answer =
        operator.get(
            EVENTS
                + "?limit=0&offset=-1&requestId=nope&eventType=LOOKED&from=yesterday&to=2026-13-01");

    assertThat(answer.status()).as(answer.text()).isEqualTo(400);
    assertThat(answer.errorCode()).isEqualTo("VALIDATION_ERROR");
    List<String> paths = new ArrayList<>();
    answer.issues().forEach(issue -> paths.add(issue.get("path").asText()));
    assertThat(paths)
        .containsExactlyInAnyOrder("limit", "offset", "requestId", "eventType", "from", "to");
    assertThat(operator.get(EVENTS + "?limit=501").status()).isEqualTo(400);
  }

  @Test
  void anEventTypeInAnotherLetterCaseIsRefusedNamingTheAllowedValues() {
    Answer answer = operator.get(EVENTS + "?eventType=denied");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.issues().get(0).get("path").asText()).isEqualTo("eventType");
    assertThat(answer.issues().get(0).get("message").asText())
        .isEqualTo(
            "must be one of SUBMITTED, PARTIAL_APPROVAL, APPROVED, DENIED, EXPIRED, REDEEMED");
  }

  @Test
  void onlyOperatorsReadTheAudit() {
    assertThat(anonymous.get(EVENTS).status()).isEqualTo(401);
    Answer refused = runtime.get(EVENTS);
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.errorCode()).isEqualTo("FORBIDDEN");
  }

  private List<String> types(String query) {
    List<String> types = new ArrayList<>();
    page(query).get("data").forEach(e -> types.add(e.get("eventType").asText()));
    return types;
  }
}
