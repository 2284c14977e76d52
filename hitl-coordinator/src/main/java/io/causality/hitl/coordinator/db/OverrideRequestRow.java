package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.time.Instant;

/**
 * A row of {@code override_requests}. JSON members are the stored text; nullable columns are null
 * here.
 *
 * @param pendingKey the adaptive-gating key while PENDING under gating; null otherwise
 * @param submittedBy the authenticated caller that submitted; null without callers
 * @param approvals how many operators have approved, read from the audit trail (its
 *     PARTIAL_APPROVAL and APPROVED events); not stored in this table, so an insert ignores it
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
    String pendingKey,
    String submittedBy,
    int approvals) {}
