package io.causality.hitl.protocol.wire;

import java.util.List;

/**
 * The answer of {@code GET /v1/override-requests}: {@code {data: [...], pagination: {limit, offset,
 * total}}}, newest first, one page at a time.
 */
public record OverrideRequestList(List<OverrideRequestRecord> data, Pagination pagination) {
  public OverrideRequestList {
    data = List.copyOf(data);
  }
}
