package io.causality.sim.db;

import io.causality.common.db.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps {@code licenses} rows. */
public final class LicenseRowMapper implements RowMapper<LicenseRow> {
  @Override
  public LicenseRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new LicenseRow(
        rs.getObject("id", UUID.class),
        rs.getObject("organization_id", UUID.class),
        rs.getString("tier"),
        rs.getString("status"),
        Timestamps.instant(rs, "current_period_start"),
        Timestamps.instant(rs, "current_period_end"),
        rs.getBoolean("has_stripe_subscription"));
  }
}
