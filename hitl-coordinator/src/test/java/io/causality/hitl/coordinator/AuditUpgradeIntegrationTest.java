package io.causality.hitl.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.ChainVerification;
import io.causality.hitl.coordinator.db.AuditFixtures;
import io.causality.hitl.coordinator.db.TestDatabase;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.util.ArrayList;
import java.util.List;
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
              "3 audit events have no place in the chain; "
                  + "the coordinator chains them when it starts");
    }

    DropwizardTestSupport<CoordinatorConfiguration> coordinator =
        new DropwizardTestSupport<>(
            CoordinatorApplication.class,
            ResourceHelpers.resourceFilePath("configs/minimal.yml"),
            deployment.overrides());
    coordinator.before();
    JsonNode events;
    try {
      events =
          new CoordinatorHttp(coordinator.getLocalPort())
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
}
