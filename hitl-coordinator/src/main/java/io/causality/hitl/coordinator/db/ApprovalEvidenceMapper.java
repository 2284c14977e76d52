package io.causality.hitl.coordinator.db;

import static io.causality.common.db.Timestamps.instant;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@link OverrideRequestDao#approvalEvidence} rows. */
public final class ApprovalEvidenceMapper implements RowMapper<ApprovalEvidence> {
  private final ChainedAuditEventRowMapper events = new ChainedAuditEventRowMapper();

  @Override
  public ApprovalEvidence map(ResultSet rs, StatementContext ctx) throws SQLException {
    ChainedAuditEventRow event = events.map(rs, ctx);
    String signature = rs.getString("approval_signature");
    return new ApprovalEvidence(
        event,
        rs.getString("predecessor_hash"),
        rs.getString("successor_link"),
        rs.getLong("head_seq"),
        rs.getString("head_hash"),
        signature == null
            ? null
            : new ApprovalSignatureRow(
                event.event().id(),
                event.event().coordinatorRequestId(),
                rs.getString("signature_operator"),
                rs.getString("signature_key"),
                instant(rs, "signature_approved_at"),
                signature));
  }
}
