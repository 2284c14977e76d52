package io.causality.hitl.protocol.wire;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * Body of {@code POST /v1/override-tokens/redeem}. Every member is required except {@code actorId},
 * which must equal the token's (both null when no actor was resolved). Its shape is checked by the
 * constraints (the coordinator takes it with {@code @Valid}); the issues of a 400 come in the order
 * of the members.
 *
 * @param tokenId the token's UUID
 * @param requestHash hash of the evaluation request being overridden
 * @param policyVersion the policy version the evaluator runs
 * @param licenseId the license of the evaluating caller
 * @param actorId the actor of the evaluation request
 */
public record RedeemRequest(
    @NotNull(message = MUST_BE_A_UUID) @Pattern(regexp = UUID_TEXT, message = MUST_BE_A_UUID)
        String tokenId,
    @NotBlank(message = "is required")
        @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String requestHash,
    @NotNull(message = "is required") Long policyVersion,
    @NotBlank(message = "is required")
        @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String licenseId,
    @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE)
        String actorId) {

  /** A UUID in its 8-4-4-4-12 hexadecimal text form, either case. */
  static final String UUID_TEXT =
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

  private static final String MUST_BE_A_UUID = "must be a UUID";
}
