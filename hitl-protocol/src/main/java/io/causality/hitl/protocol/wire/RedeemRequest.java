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
 * @param nonce optional: the redeemer's random value (16 to 128 base64url characters), which the
 *     coordinator's signed answer covers ({@link RedemptionStatement})
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
    @Pattern(regexp = PrintableText.PATTERN, message = PrintableText.NOT_PRINTABLE) String actorId,
    @Pattern(regexp = NONCE_TEXT, message = "must be 16 to 128 base64url characters")
        String nonce) {

  /** A redemption without a nonce. */
  public RedeemRequest(
      String tokenId, String requestHash, Long policyVersion, String licenseId, String actorId) {
    this(tokenId, requestHash, policyVersion, licenseId, actorId, null);
  }

  /** A nonce: 16 to 128 base64url characters. */
  public static final String NONCE_TEXT = "[A-Za-z0-9_-]{16,128}";

  /** A UUID in its 8-4-4-4-12 hexadecimal text form, either case. */
  static final String UUID_TEXT =
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

  private static final String MUST_BE_A_UUID = "must be a UUID";
}
