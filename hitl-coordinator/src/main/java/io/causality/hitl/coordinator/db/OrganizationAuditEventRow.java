package io.causality.hitl.coordinator.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/**
 * A chained audit event with the organization of its request, for the readers scoped to
 * organizations.
 *
 * @param organizationId the request's requester organization; null without one or once the request
 *     was purged
 */
public record OrganizationAuditEventRow(ChainedAuditEventRow event, String organizationId) {

  /** Maps a row of {@code audit_events} joined with its request's {@code requester_org}. */
  public static final class Mapper implements RowMapper<OrganizationAuditEventRow> {
    private final ChainedAuditEventRowMapper events = new ChainedAuditEventRowMapper();

    @Override
    public OrganizationAuditEventRow map(ResultSet rs, StatementContext ctx) throws SQLException {
      return new OrganizationAuditEventRow(events.map(rs, ctx), rs.getString("requester_org"));
    }
  }
}
