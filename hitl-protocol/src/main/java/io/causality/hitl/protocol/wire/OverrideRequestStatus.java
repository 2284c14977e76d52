package io.causality.hitl.protocol.wire;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The states of an override request at the coordinator. */
public enum OverrideRequestStatus {
  PENDING,
  APPROVED,
  DENIED,
  EXPIRED,
  REDEEMED;

  /** Parses a status in any letter case, as the command line takes them in lower case. */
  public static Optional<OverrideRequestStatus> parse(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String upper = value.trim().toUpperCase(Locale.ROOT);
    return Arrays.stream(values()).filter(s -> s.name().equals(upper)).findFirst();
  }
}
