package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.OverrideRequestStatus;
import java.time.Instant;

/**
 * A row of {@code override_requests}. JSON members are the stored text; nullable columns are null
 * here.
 *
 * @param pendingKey the adaptive-gating key while PENDING under gating; null otherwise
 */
public record OverrideRequestRow(
    String coordinatorRequestId,
    OverrideRequestStatus status,
    String evaluationRequest,
    String evaluationResponse,
    String requestHash,
    String actionHash,
    String licenseId,
    String actorId,
    String intentId,
    String failureFingerprint,
    String source,
    Instant submittedAt,
    Instant requestExpiresAt,
    String sentinelFeed,
    String sentinelSummary,
    String operatorNote,
    String decidedBy,
    Instant decidedAt,
    String tokenId,
    String pendingKey) {}
