package io.causality.hitl.coordinator.db;

import java.util.List;

/**
 * A request row with its audit trail in lifecycle order.
 *
 * @param request the request
 * @param audit its events
 */
public record OverrideRequestWithAudit(OverrideRequestRow request, List<AuditEventRow> audit) {

  public OverrideRequestWithAudit {
    audit = List.copyOf(audit);
  }
}
