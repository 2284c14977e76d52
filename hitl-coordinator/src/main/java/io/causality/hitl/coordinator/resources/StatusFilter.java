package io.causality.hitl.coordinator.resources;

import io.causality.common.errors.ApiException;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The {@code status} query parameter of the list: one of the five states, any letter case. */
final class StatusFilter {
  static final String ALLOWED =
      Arrays.stream(OverrideRequestStatus.values())
          .map(s -> s.name().toLowerCase(Locale.ROOT))
          .collect(Collectors.joining(", "));

  private StatusFilter() {}

  /**
   * @return empty for an absent or empty parameter (all requests)
   * @throws ApiException 400 VALIDATION_ERROR naming {@code status} for any other value
   */
  static Optional<OverrideRequestStatus> parse(String value) {
    if (value == null || value.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(
        OverrideRequestStatus.parse(value)
            .orElseThrow(() -> ApiException.invalidField("status", "must be one of " + ALLOWED)));
  }
}
