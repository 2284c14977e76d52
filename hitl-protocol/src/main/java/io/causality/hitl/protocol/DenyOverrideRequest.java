package io.causality.hitl.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Body of {@code POST /v1/override-requests/{id}/deny}.
 *
 * @param keyId the authority key naming the denying operator, required
 * @param operatorNote optional note for the audit trail
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DenyOverrideRequest(String keyId, String operatorNote) {}
