package io.causality.hitl.coordinator.config;

import jakarta.validation.constraints.NotBlank;

/** One signing authority: its key id, the operator it belongs to, and its private key file. */
public record AuthorityConfig(
    @NotBlank String keyId, @NotBlank String operatorId, @NotBlank String privateKeyPemPath) {}
