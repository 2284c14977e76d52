package io.causality.hitl.protocol.wire;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Who asked for the evaluation that a submission escalates, as the submitting service authenticated
 * them: the organization and the API key id or JWT subject. The coordinator takes it only from a
 * configured caller with the submitter role (docs/coordinator.md, "The requester"), so the person
 * who evaluates cannot choose it; four eyes compares it with the approving operator, and the gates
 * and the submission budget key on its organization.
 *
 * @param organizationId the requester's organization (sim-server: the simulation's organization)
 * @param kind how the requester authenticated
 * @param id the API key id or the JWT subject
 */
public record Requester(
    @NotBlank(message = "is required")
        @Size(max = SubmitOverrideRequest.MAX_ID_LENGTH, message = SubmitOverrideRequest.TOO_LONG)
        @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String organizationId,
    @NotNull(message = "must be API_KEY or USER") RequesterKind kind,
    @NotBlank(message = "is required")
        @Size(max = SubmitOverrideRequest.MAX_ID_LENGTH, message = SubmitOverrideRequest.TOO_LONG)
        @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String id) {

  /** How a requester authenticated at the submitting service. */
  public enum RequesterKind {
    /** An API key; {@code id} is the key's id, never the key. */
    API_KEY,
    /** A user with a JWT; {@code id} is its subject. */
    USER
  }

  /** As the operator tools show it: {@code API_KEY 7f0c... of organization 1b2e...}. */
  public String describe() {
    return kind + " " + id + " of organization " + organizationId;
  }
}
