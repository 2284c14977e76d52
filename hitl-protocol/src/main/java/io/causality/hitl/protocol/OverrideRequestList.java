package io.causality.hitl.protocol;

import java.util.List;

/** The answer of {@code GET /v1/override-requests}: {@code {data: [...]}}, newest first. */
public record OverrideRequestList(List<OverrideRequestRecord> data) {
  public OverrideRequestList {
    data = List.copyOf(data);
  }
}
