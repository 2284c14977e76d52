package io.causality.hitl.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/override-requests/{id}/approve}.
 *
 * @param keyId the authority key to sign with, required
 * @param operatorNote optional note for the audit trail
 * @param tokenTtlMs optional token lifetime; default and cap come from configuration
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApproveOverrideRequest(
    @NotBlank(message = "is required") String keyId,
    @Size(max = MAX_NOTE_LENGTH, message = NOTE_TOO_LONG) String operatorNote,
    @Positive(message = "must be a positive number of milliseconds") Long tokenTtlMs) {

  /** The longest operator note the coordinator keeps. */
  public static final int MAX_NOTE_LENGTH = 4000;

  /** The message of a note over {@link #MAX_NOTE_LENGTH}. */
  public static final String NOTE_TOO_LONG = "must be at most " + MAX_NOTE_LENGTH + " characters";
}
