package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code api_keys}: never the key, only its hash and a short display prefix. */
public record ApiKeyRow(
    UUID id,
    UUID organizationId,
    String keyPrefix,
    String scopes,
    Instant createdAt,
    Instant revokedAt) {}
