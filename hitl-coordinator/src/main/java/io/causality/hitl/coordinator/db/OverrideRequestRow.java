package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.Requester;
import java.time.Instant;

/**
 * A row of {@code override_requests}. JSON members are the stored text; nullable columns are null
 * here.
 *
 * @param pendingKey the adaptive-gating key while PENDING under gating; null otherwise
 * @param submittedBy the authenticated caller that submitted; null without callers
 * @param requesterOrg the organization of the requester a configured submitter vouched for; null
 *     without one, as are {@code requesterKind} and {@code requesterId}
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
    String requesterOrg,
    String requesterKind,
    String requesterId,
    int approvals) {

  /** The requester, when the submission had one. */
  public Requester requester() {
    return requesterOrg == null || requesterKind == null || requesterId == null
        ? null
        : new Requester(requesterOrg, Requester.RequesterKind.valueOf(requesterKind), requesterId);
  }
}
