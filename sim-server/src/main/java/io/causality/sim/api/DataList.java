package io.causality.sim.api;

import java.util.List;

/** An unpaged list: {@code {"data": [...]}}. */
public record DataList<T>(List<T> data) {
  public DataList {
    data = List.copyOf(data);
  }
}
