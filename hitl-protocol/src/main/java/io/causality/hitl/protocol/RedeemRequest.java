package io.causality.hitl.protocol;

/**
 * Body of {@code POST /v1/override-tokens/redeem}. Every member is required except {@code actorId},
 * which must equal the token's (both null when no actor was resolved).
 *
 * @param tokenId the token's UUID
 * @param requestHash hash of the evaluation request being overridden
 * @param policyVersion the policy version the evaluator runs
 * @param licenseId the license of the evaluating caller
 * @param actorId the actor of the evaluation request
 */
public record RedeemRequest(
    String tokenId, String requestHash, Long policyVersion, String licenseId, String actorId) {}
