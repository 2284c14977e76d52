package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonValue;

/** {@code overrideOutcome.status} of an evaluation response that carried a token. */
public enum OverrideOutcomeStatus {
  APPLIED("Applied"),
  REJECTED("Rejected");

  private final String wireName;

  OverrideOutcomeStatus(String wireName) {
    this.wireName = wireName;
  }

  /** The value on the wire ({@code Applied}, {@code Rejected}). */
  @JsonValue
  public String wireName() {
    return wireName;
  }
}
