package io.causality.hitl.protocol.wire;

import java.util.List;

/**
 * The answer of {@code GET /v1/audit-events}: {@code {data: [...], pagination: {limit, offset,
 * total}}}, in chain order, as the simulation service's lists page.
 */
public record AuditEventPage(List<ChainedAuditEvent> data, Pagination pagination) {
  public AuditEventPage {
    data = List.copyOf(data);
  }
}
