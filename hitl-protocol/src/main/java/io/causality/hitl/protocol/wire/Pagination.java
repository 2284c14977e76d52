package io.causality.hitl.protocol.wire;

/**
 * Where a page of a list stands, as the simulation service's lists say it.
 *
 * @param limit the most items a page holds
 * @param offset how many matching items come before this page
 * @param total how many items match
 */
public record Pagination(int limit, long offset, long total) {

  /** Whether items match beyond this page of {@code size} items. */
  public boolean hasMoreAfter(int size) {
    return offset + size < total;
  }
}
