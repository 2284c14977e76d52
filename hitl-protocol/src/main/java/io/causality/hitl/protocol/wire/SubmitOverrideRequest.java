package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/override-requests}. Its shape is checked by the constraints (the
 * coordinator takes it with {@code @Valid}); a member of another JSON type is a mapping error
 * naming it. The rules about the evaluation itself (an overrideable rejection asking for
 * HUMAN_ESCALATION, no overrideToken) are the coordinator's.
 *
 * @param evaluationRequest the original evaluation request, without an overrideToken
 * @param evaluationResponse its rejection, asking for HUMAN_ESCALATION
 * @param licenseId the submitter's license, required
 * @param actorId preferred actor id, optional; one spelling ({@link ActorIds}), at most 255
 *     characters
 * @param sentinelFeed optional telemetry feed
 * @param sentinelSummary optional summary
 * @param source optional origin label of the submitter
 * @param requester who asked for the evaluation, as the submitting service authenticated them; the
 *     coordinator keeps it only from a configured caller with the submitter role and drops it from
 *     the open caller (docs/coordinator.md, "The requester")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubmitOverrideRequest(
    @NotNull(message = "required object is missing") ObjectNode evaluationRequest,
    @NotNull(message = "required object is missing") ObjectNode evaluationResponse,
    @NotBlank(message = "is required")
        @Size(max = MAX_ID_LENGTH, message = TOO_LONG)
        @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String licenseId,
    @Pattern(regexp = ActorIds.PATTERN, message = ActorIds.INVALID) String actorId,
    ObjectNode sentinelFeed,
    ObjectNode sentinelSummary,
    @Size(max = MAX_ID_LENGTH, message = TOO_LONG)
        @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String source,
    @Valid Requester requester) {

  /** A submission that names no requester. */
  public SubmitOverrideRequest(
      ObjectNode evaluationRequest,
      ObjectNode evaluationResponse,
      String licenseId,
      String actorId,
      ObjectNode sentinelFeed,
      ObjectNode sentinelSummary,
      String source) {
    this(
        evaluationRequest,
        evaluationResponse,
        licenseId,
        actorId,
        sentinelFeed,
        sentinelSummary,
        source,
        null);
  }

  /** The same submission on behalf of {@code requester}. */
  public SubmitOverrideRequest withRequester(Requester requester) {
    return new SubmitOverrideRequest(
        evaluationRequest,
        evaluationResponse,
        licenseId,
        actorId,
        sentinelFeed,
        sentinelSummary,
        source,
        requester);
  }

  /** The longest id or label the coordinator stores (its column size). */
  public static final int MAX_ID_LENGTH = 255;

  /** The message of an id over {@link #MAX_ID_LENGTH}. */
  public static final String TOO_LONG = "must be at most " + MAX_ID_LENGTH + " characters";
}
