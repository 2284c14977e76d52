package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The {@code sort} query parameter of the simulations' list: by creation, by the outcome's b, or by
 * the agents lost, with {@code order}.
 */
public enum SimulationSort {
  CREATED_AT("createdAt"),
  B("b"),
  LOSSES("losses");

  private final String wireName;

  SimulationSort(String wireName) {
    this.wireName = wireName;
  }

  /** The wire name, which the parameter converter and the OpenAPI enum use. */
  @JsonValue
  @Override
  public String toString() {
    return wireName;
  }
}
