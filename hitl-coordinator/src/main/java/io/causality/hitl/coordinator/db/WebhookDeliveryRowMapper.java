package io.causality.hitl.coordinator.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Maps the due rows of {@code webhook_deliveries}. */
public final class WebhookDeliveryRowMapper implements RowMapper<WebhookDeliveryRow> {
  @Override
  public WebhookDeliveryRow map(ResultSet rs, StatementContext ctx) throws SQLException {
    return new WebhookDeliveryRow(
        rs.getString("event_id"), rs.getString("endpoint"), rs.getInt("attempts"));
  }
}
