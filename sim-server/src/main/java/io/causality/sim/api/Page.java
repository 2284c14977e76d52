package io.causality.sim.api;

import java.util.List;

/** A paged list: {@code {"data": [...], "pagination": {limit, offset, total}}}. */
public record Page<T>(List<T> data, Pagination pagination) {
  /** The position of a page in the whole list. */
  public record Pagination(int limit, long offset, long total) {}

  public Page {
    data = List.copyOf(data);
  }

  public static <T> Page<T> of(List<T> data, int limit, long offset, long total) {
    return new Page<>(data, new Pagination(limit, offset, total));
  }
}
