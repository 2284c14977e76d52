package io.causality.hitl.coordinator.db;

import static io.causality.common.db.Timestamps.instant;

import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code override_requests} rows. */
public final class OverrideRequestRowMapper implements RowMapper<OverrideRequestRow> {

  @Override
  public OverrideRequestRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new OverrideRequestRow(
        rs.getString("coordinator_request_id"),
        OverrideRequestStatus.valueOf(rs.getString("status")),
        rs.getString("evaluation_request"),
        rs.getString("evaluation_response"),
        rs.getString("request_hash"),
        rs.getString("action_hash"),
        rs.getString("license_id"),
        rs.getString("actor_id"),
        rs.getString("intent_id"),
        rs.getString("failure_fingerprint"),
        rs.getString("source"),
        instant(rs, "submitted_at"),
        instant(rs, "request_expires_at"),
        rs.getString("sentinel_feed"),
        rs.getString("sentinel_summary"),
        rs.getString("operator_note"),
        rs.getString("decided_by"),
        instant(rs, "decided_at"),
        rs.getString("token_id"),
        rs.getString("pending_key"),
        rs.getString("submitted_by"),
        rs.getString("requester_org"),
        rs.getString("requester_kind"),
        rs.getString("requester_id"),
        rs.getInt("approvals"));
  }
}
