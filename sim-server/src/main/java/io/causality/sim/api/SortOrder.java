package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The {@code order} query parameter of a list: {@code asc} or {@code desc}, lower case only
 * (common.http.EnumParameters).
 */
public enum SortOrder {
  ASC,
  DESC;

  /** The wire name, which the parameter converter and the OpenAPI enum use. */
  @JsonValue
  @Override
  public String toString() {
    return name().toLowerCase(Locale.ROOT);
  }
}
