package io.causality.hitl.coordinator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.ChainVerification;
import io.causality.hitl.coordinator.db.AuditFixtures;
import io.causality.hitl.coordinator.db.TestDatabase;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A database written before the audit chain existed (events without chain columns, the head at its
 * start): the coordinator's first start links the events in the order they happened, before it
 * serves, and the chain then verifies.
 */
class AuditUpgradeIntegrationTest {

  @Test
  void theFirstStartLinksEventsWrittenBeforeTheChain() throws Exception {
    TestDeployment deployment = TestDeployment.plain();
    List<String> requests;
    try (TestDatabase db = TestDatabase.migrated(deployment.dir())) {
      requests = AuditFixtures.submittedRequests(db.jdbi(), 3);
      db.jdbi()
          .useHandle(
              h -> {
                h.execute(
                    "UPDATE audit_events SET chain_seq = NULL, previous_hash = NULL,"
                        + " event_hash = NULL");
                h.execute(
                    "UPDATE audit_chain_head SET last_seq = 0, last_hash = '"
                        + "0".repeat(64)
                        + "'");
              });
      assertThat(new AuditTrail(db.jdbi()).verify().problem())
          .hasValue(
              "3 audit events have no place in the chain: written outside the coordinator, or"
                  + " by a version before the chain that has not started this one yet");
    }

    DropwizardTestSupport<CoordinatorConfiguration> coordinator =
        new DropwizardTestSupport<>(
            CoordinatorApplication.class,
            ResourceHelpers.resourceFilePath("configs/callers.yml"),
            deployment.overrides());
    coordinator.before();
    JsonNode events;
    try {
      events =
          CoordinatorHttp.callers(coordinator.getLocalPort())
              .get("/v1/audit-events")
              .body()
              .get("data");
    } finally {
      coordinator.after();
    }

    List<String> linked = new ArrayList<>();
    events.forEach(
        e -> linked.add(e.get("sequence") + " " + e.get("coordinatorRequestId").asText()));
    assertThat(linked)
        .containsExactly("1 " + requests.get(0), "2 " + requests.get(1), "3 " + requests.get(2));
    try (TestDatabase db = TestDatabase.migrated(deployment.dir())) {
      ChainVerification verification = new AuditTrail(db.jdbi()).verify();
      assertThat(verification.problem()).isEmpty();
      assertThat(verification.checked()).isEqualTo(3);
    }
  }

  /**
   * Found by review: a PARTIAL_APPROVAL inserted by plain SQL was chained at the next start and
   * counted toward the quorum. Once the first start has linked what an older version wrote, an
   * unchained event stops the start instead.
   */
  @Test
  void anUnchainedEventFoundAfterTheFirstStartStopsTheStart() throws Exception {
    TestDeployment deployment = TestDeployment.plain();
    DropwizardTestSupport<CoordinatorConfiguration> first = coordinator(deployment);
    first.before();
    String id;
    try {
      id =
          CoordinatorHttp.callers(first.getLocalPort())
              .post("/v1/override-requests", OverrideBodies.submission("actor-1"))
              .body()
              .get("coordinatorRequestId")
              .asText();
    } finally {
      first.after();
    }
    try (TestDatabase db = TestDatabase.migrated(deployment.dir())) {
      db.jdbi()
          .useHandle(
              h ->
                  h.execute(
                      "INSERT INTO audit_events (id, coordinator_request_id, event_type,"
                          + " actor_id, occurred_at) VALUES (?, ?, 'PARTIAL_APPROVAL',"
                          + " 'operator-2', CURRENT_TIMESTAMP)",
                      UUID.randomUUID().toString(),
                      id));
    }

    DropwizardTestSupport<CoordinatorConfiguration> second = coordinator(deployment);
    try {
      second.before();
      fail("the coordinator started with an unchained event");
    } catch (StartupCheckException e) {
      assertThat(e.getMessage())
          .startsWith("audit chain: 1 audit events have no place in the chain")
          .contains("PARTIAL_APPROVAL of request " + id + " by operator-2");
    } finally {
      second.after();
    }
  }

  private static DropwizardTestSupport<CoordinatorConfiguration> coordinator(
      TestDeployment deployment) {
    return new DropwizardTestSupport<>(
        CoordinatorApplication.class,
        ResourceHelpers.resourceFilePath("configs/callers.yml"),
        deployment.overrides());
  }
}
