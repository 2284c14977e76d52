package io.causality.hitl.coordinator.db;

import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The operators' signatures of their approvals, written with the approval's event. */
public interface ApprovalSignatureDao {
  @SqlUpdate(
      """
            INSERT INTO approval_signatures
                (event_id, coordinator_request_id, operator_id, key_id, approved_at, signature)
            VALUES
                (:eventId, :coordinatorRequestId, :operatorId, :keyId, :approvedAt, :signature)
            """)
  void insert(@BindMethods ApprovalSignatureRow row);
}
