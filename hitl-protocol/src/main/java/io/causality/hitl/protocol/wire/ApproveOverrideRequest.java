package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/override-requests/{id}/approve}.
 *
 * @param keyId the authority key to sign with; may be left out when the authenticated operator has
 *     exactly one configured key (the coordinator answers 400 naming it otherwise)
 * @param operatorNote optional note for the audit trail
 * @param tokenTtlMs optional token lifetime; default and cap come from configuration
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApproveOverrideRequest(
    @Pattern(regexp = NON_BLANK, message = BLANK_KEY) String keyId,
    @Size(max = MAX_NOTE_LENGTH, message = NOTE_TOO_LONG) String operatorNote,
    @Positive(message = "must be a positive number of milliseconds") Long tokenTtlMs) {

  /** Text with a character that is not white space. */
  public static final String NON_BLANK = "(?s).*\\S.*";

  /** The message of a {@code keyId} given as blank text. */
  public static final String BLANK_KEY = "must not be blank; leave it out to use your only key";

  /** The longest operator note the coordinator keeps. */
  public static final int MAX_NOTE_LENGTH = 4000;

  /** The message of a note over {@link #MAX_NOTE_LENGTH}. */
  public static final String NOTE_TOO_LONG = "must be at most " + MAX_NOTE_LENGTH + " characters";
}
