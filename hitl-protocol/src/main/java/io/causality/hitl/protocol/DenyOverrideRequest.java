package io.causality.hitl.protocol;

/**
 * Body of {@code POST /v1/override-requests/{id}/deny}.
 *
 * @param keyId the authority key naming the denying operator, required
 * @param operatorNote optional note for the audit trail
 */
public record DenyOverrideRequest(String keyId, String operatorNote) {}
