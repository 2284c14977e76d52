package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.deny;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.ClockedCoordinator;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Adaptive gating and lazy expiry over HTTP, on a clock the test moves: a policy with gating on, a
 * one-minute deny cooldown and material change required after a denial; requests pending for a
 * minute. Nothing expires unless a test moves the clock past it, however slow the machine.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class GatingAndExpiryIntegrationTest {
  private static final long COOLDOWN_MS = 60_000;
  private static final long PENDING_TTL_MS = 60_000;
  private static final TestClock CLOCK = new TestClock();
  static final TestDeployment DEPLOYMENT =
      TestDeployment.create(new AdaptiveEscalationPolicy(true, COOLDOWN_MS, true));
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          ClockedCoordinator.support(
              CLOCK,
              ResourceHelpers.resourceFilePath("configs/callers.yml"),
              DEPLOYMENT.overrides("pendingRequestTtlMs", String.valueOf(PENDING_TTL_MS))));

  private static final String REQUESTS = "/v1/override-requests";
  private CoordinatorHttp http;

  @BeforeEach
  void client() {
    http = CoordinatorHttp.callers(APP.getLocalPort());
  }

  private String submitted(Answer answer) {
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  @Test
  void aDuplicateOfAPendingRequestAnswersTheExistingId() {
    String first = submitted(http.post(REQUESTS, submission("actor-dedupe", "fp-1")));

    Answer duplicate = http.post(REQUESTS, submission("actor-dedupe", "fp-1"));

    assertThat(duplicate.status()).isEqualTo(409);
    assertThat(duplicate.errorCode()).isEqualTo("DEDUPLICATED");
    assertThat(duplicate.body().get("coordinatorRequestId").asText()).isEqualTo(first);
    assertThat(duplicate.body().get("deduplicated").asBoolean()).isTrue();
    submitted(http.post(REQUESTS, submission("actor-dedupe", "fp-2")));
  }

  @Test
  void afterADenialTheActorWaitsAndMustChangeTheFailure() {
    String denied = submitted(http.post(REQUESTS, submission("actor-denied", "fp-same")));
    http.post(REQUESTS + "/" + denied + "/deny", deny(TestDeployment.KEY_ID, "no"));

    Answer cooling = http.post(REQUESTS, submission("actor-denied", "fp-other"));
    assertThat(cooling.status()).isEqualTo(409);
    assertThat(cooling.errorCode()).isEqualTo("DENY_COOLDOWN");
    Instant endsAt =
        Instant.parse(cooling.body().path("error").path("details").path("cooldownEndsAt").asText());
    assertThat(endsAt).isAfter(CLOCK.instant());
    CLOCK.advance(Duration.between(CLOCK.instant(), endsAt).plusMillis(1));

    Answer unchanged = http.post(REQUESTS, submission("actor-denied", "fp-same"));
    assertThat(unchanged.status()).isEqualTo(409);
    assertThat(unchanged.errorCode()).isEqualTo("MATERIAL_CHANGE_REQUIRED");
    assertThat(unchanged.body().path("error").path("details").path("deniedRequestId").asText())
        .isEqualTo(denied);
    submitted(http.post(REQUESTS, submission("actor-denied", "fp-other")));
  }

  @Test
  void aPendingRequestExpiresWhenReadAfterItsLifetime() {
    String id = submitted(http.post(REQUESTS, submission("actor-expiring", "fp-x")));
    assertThat(ids(http.get(REQUESTS + "?status=PENDING").body())).contains(id);
    CLOCK.advance(Duration.ofMillis(PENDING_TTL_MS + 1));

    assertThat(ids(http.get(REQUESTS + "?status=PENDING").body())).doesNotContain(id);
    assertThat(ids(http.get(REQUESTS + "?status=EXPIRED").body())).contains(id);
    JsonNode record = http.get(REQUESTS + "/" + id).body();
    assertThat(record.get("status").asText()).isEqualTo("EXPIRED");
    JsonNode expired = record.get("audit").get(1);
    assertThat(expired.get("eventType").asText()).isEqualTo("EXPIRED");
    assertThat(expired.get("actorId").asText()).isEqualTo("coordinator");
    assertThat(record.get("audit")).hasSize(2);
    Answer approval = http.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID));
    assertThat(approval.status()).isEqualTo(409);
    assertThat(approval.errorCode()).isEqualTo("INVALID_TRANSITION");
    assertThat(approval.body().path("error").path("details").path("status").asText())
        .isEqualTo("EXPIRED");
  }

  @Test
  void aDueRequestIsExpiredByTheApprovalThatComesTooLate() {
    String id = submitted(http.post(REQUESTS, submission("actor-late", "fp-y")));
    CLOCK.advance(Duration.ofMillis(PENDING_TTL_MS + 1));

    Answer approval = http.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID));

    assertThat(approval.status()).isEqualTo(409);
    assertThat(approval.body().path("error").path("details").path("status").asText())
        .isEqualTo("EXPIRED");
    assertThat(http.get(REQUESTS + "/" + id).body().get("status").asText()).isEqualTo("EXPIRED");
  }

  private static List<String> ids(JsonNode list) {
    List<String> ids = new ArrayList<>();
    list.get("data").forEach(r -> ids.add(r.get("coordinatorRequestId").asText()));
    return ids;
  }
}
