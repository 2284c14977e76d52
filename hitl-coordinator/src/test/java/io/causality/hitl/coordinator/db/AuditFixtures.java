package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** Audit events written through the DAOs, for tests outside this package. */
public final class AuditFixtures {
  private AuditFixtures() {}

  /** Submits {@code count} requests, each with its SUBMITTED event; their ids in order. */
  public static List<String> submittedRequests(Jdbi jdbi, int count) {
    OverrideRequestDao requests = jdbi.onDemand(OverrideRequestDao.class);
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      OverrideRequestRow row = Rows.pending("actor-" + i, "intent", "fp", Rows.T0.plusSeconds(i));
      requests.insertSubmitted(
          row, Rows.event(row.coordinatorRequestId(), AuditEventType.SUBMITTED, row.submittedAt()));
      ids.add(row.coordinatorRequestId());
    }
    return ids;
  }
}
