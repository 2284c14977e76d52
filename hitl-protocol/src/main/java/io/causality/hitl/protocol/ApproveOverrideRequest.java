package io.causality.hitl.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Body of {@code POST /v1/override-requests/{id}/approve}.
 *
 * @param keyId the authority key to sign with, required
 * @param operatorNote optional note for the audit trail
 * @param tokenTtlMs optional token lifetime; default and cap come from configuration
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApproveOverrideRequest(String keyId, String operatorNote, Long tokenTtlMs) {}
