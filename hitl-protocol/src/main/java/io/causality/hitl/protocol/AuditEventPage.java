package io.causality.hitl.protocol;

import java.util.List;

/**
 * The answer of {@code GET /v1/audit-events}: {@code {data: [...], pagination: {limit, offset,
 * total}}}, in chain order, as the simulation service's lists page.
 */
public record AuditEventPage(List<ChainedAuditEvent> data, Pagination pagination) {
  public AuditEventPage {
    data = List.copyOf(data);
  }

  /**
   * @param limit the most events a page holds
   * @param offset how many matching events come before this page
   * @param total how many events match
   */
  public record Pagination(int limit, long offset, long total) {}
}
