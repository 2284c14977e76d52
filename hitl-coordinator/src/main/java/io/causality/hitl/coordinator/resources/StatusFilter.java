package io.causality.hitl.coordinator.resources;

import io.causality.common.errors.ApiException;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code status} query parameter of the list: one of the five states, upper case as records
 * carry them and the document lists them (the CLI takes lower case and sends upper case).
 */
final class StatusFilter {
  static final String ALLOWED =
      Arrays.stream(OverrideRequestStatus.values())
          .map(OverrideRequestStatus::name)
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
    String wire = value.strip();
    return Optional.of(
        Arrays.stream(OverrideRequestStatus.values())
            .filter(status -> status.name().equals(wire))
            .findFirst()
            .orElseThrow(() -> ApiException.invalidField("status", "must be one of " + ALLOWED)));
  }
}
