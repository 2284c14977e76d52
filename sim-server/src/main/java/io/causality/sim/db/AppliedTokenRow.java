package io.causality.sim.db;

import java.time.Instant;

/**
 * A row of {@code applied_override_tokens}: an override token this service applied, to which
 * evaluation request, and when.
 *
 * @param requestId the {@code requestId} of the evaluation request the token overrode
 */
public record AppliedTokenRow(String tokenId, String requestId, Instant appliedAt) {}
