package io.causality.hitl.coordinator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.core.WebhookOutbox.Claimed;
import io.causality.hitl.coordinator.db.AuditFixtures;
import io.causality.hitl.coordinator.db.TestDatabase;
import io.causality.hitl.protocol.wire.AuditEventType;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The outbox on H2 with the real changelog: each audit event is queued, in its own transaction, for
 * the endpoints whose types take it; a due row is claimed by one deliverer per lease (two outboxes
 * on one database stand for two instances); a lost claim cannot record an outcome; the rows of an
 * endpoint that leaves the configuration are abandoned.
 */
class WebhookOutboxIntegrationTest {
  private static final Instant LATER = Instant.parse("2026-02-01T00:00:00Z");
  private static final Duration LEASE = Duration.ofSeconds(15);

  @TempDir Path dir;
  private TestDatabase database;
  private Jdbi jdbi;

  @BeforeEach
  void open() throws Exception {
    database = TestDatabase.migrated(dir);
    jdbi = database.jdbi();
  }

  @AfterEach
  void close() {
    database.close();
  }

  private WebhookOutbox outbox(Map<String, Set<AuditEventType>> routes) {
    return WebhookOutbox.open(jdbi, routes);
  }

  private static Map<String, Set<AuditEventType>> routes(Object... nameAndTypes) {
    Map<String, Set<AuditEventType>> routes = new LinkedHashMap<>();
    for (int i = 0; i < nameAndTypes.length; i += 2) {
      @SuppressWarnings("unchecked")
      Set<AuditEventType> types = (Set<AuditEventType>) nameAndTypes[i + 1];
      routes.put((String) nameAndTypes[i], types);
    }
    return routes;
  }

  private String state(Claimed claimed) {
    return jdbi.withHandle(
        h ->
            h.createQuery(
                    "SELECT state FROM webhook_deliveries WHERE event_id = :e AND endpoint = :n")
                .bind("e", claimed.event().id())
                .bind("n", claimed.endpoint())
                .mapTo(String.class)
                .one());
  }

  @Test
  void eachEventIsQueuedForTheEndpointsThatTakeItsType() {
    WebhookOutbox outbox =
        outbox(routes("all", Set.of(), "approvals", Set.of(AuditEventType.APPROVED)));
    List<String> requests = AuditFixtures.submittedRequests(jdbi, 3);

    List<Claimed> claimed = outbox.claimDue(List.of("all", "approvals"), LATER, LATER, 10);

    assertThat(claimed).hasSize(3).allMatch(c -> c.endpoint().equals("all"));
    assertThat(claimed)
        .extracting(c -> c.event().coordinatorRequestId())
        .containsExactlyInAnyOrderElementsOf(requests);
    assertThat(claimed).allMatch(c -> c.attemptsBefore() == 0 && c.event().sequence() > 0);
    assertThat(outbox.pending()).isEqualTo(3);
  }

  @Test
  void withoutRoutesNothingIsQueued() {
    WebhookOutbox outbox = outbox(Map.of());
    AuditFixtures.submittedRequests(jdbi, 2);

    assertThat(outbox.pending()).isZero();
  }

  @Test
  void aRowIsNotDueBeforeItsEventAndIsClaimedOncePerLease() {
    WebhookOutbox one = outbox(routes("all", Set.of()));
    WebhookOutbox two = WebhookOutbox.open(jdbi, routes("all", Set.of()));
    AuditFixtures.submittedRequests(jdbi, 1);
    Instant before = Instant.parse("2026-01-01T00:00:00Z");

    assertThat(one.claimDue(List.of("all"), before, before.plus(LEASE), 10)).isEmpty();
    List<Claimed> first = one.claimDue(List.of("all"), LATER, LATER.plus(LEASE), 10);
    List<Claimed> during =
        two.claimDue(List.of("all"), LATER.plusSeconds(14), LATER.plusSeconds(29), 10);
    List<Claimed> after =
        two.claimDue(List.of("all"), LATER.plusSeconds(16), LATER.plusSeconds(31), 10);

    assertThat(first).hasSize(1);
    assertThat(during).as("claimed by another instance within the lease").isEmpty();
    assertThat(after).as("the lease ran out: the first instance died").hasSize(1);
    assertThat(one.delivered(first.get(0), LATER)).as("a lost claim records nothing").isFalse();
    assertThat(two.delivered(after.get(0), LATER.plusSeconds(17))).isTrue();
    assertThat(state(after.get(0))).isEqualTo("DELIVERED");
    assertThat(one.pending()).isZero();
  }

  @Test
  void aFailedAttemptWaitsForItsNextTimeAndTheLastOneFailsForGood() {
    WebhookOutbox outbox = outbox(routes("all", Set.of()));
    AuditFixtures.submittedRequests(jdbi, 1);
    Claimed claimed = outbox.claimDue(List.of("all"), LATER, LATER.plus(LEASE), 10).get(0);

    assertThat(outbox.retryLater(claimed, LATER.plusSeconds(60), "answered 500")).isTrue();
    assertThat(outbox.claimDue(List.of("all"), LATER.plusSeconds(59), LATER, 10)).isEmpty();
    Claimed again =
        outbox.claimDue(List.of("all"), LATER.plusSeconds(60), LATER.plusSeconds(75), 10).get(0);
    assertThat(again.attemptsBefore()).isEqualTo(1);
    assertThat(outbox.failed(again, "answered 500")).isTrue();

    assertThat(state(again)).isEqualTo("FAILED");
    assertThat(outbox.failedForGood()).isEqualTo(1);
    assertThat(outbox.pending()).isZero();
    assertThat(outbox.claimDue(List.of("all"), LATER.plusSeconds(3_600), LATER, 10)).isEmpty();
  }

  @Test
  void theRowsOfAnEndpointThatLeftTheConfigurationAreAbandoned() {
    outbox(routes("kept", Set.of(), "removed", Set.of()));
    AuditFixtures.submittedRequests(jdbi, 2);

    WebhookOutbox restarted = outbox(routes("kept", Set.of()));

    assertThat(restarted.pending()).isEqualTo(2);
    assertThat(restarted.claimDue(List.of("kept", "removed"), LATER, LATER, 10))
        .allMatch(c -> c.endpoint().equals("kept"));
    WebhookOutbox none = outbox(Map.of());
    assertThat(none.pending()).isZero();
  }
}
