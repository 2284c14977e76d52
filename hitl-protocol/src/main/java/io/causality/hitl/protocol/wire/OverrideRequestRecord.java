package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * An override request as the API shows it: the full record for get, and the list items (which leave
 * out {@code audit}). Timestamps are RFC 3339 strings; absent values are null.
 *
 * @param evaluationRequest the submitted evaluation request, verbatim
 * @param evaluationResponse the submitted evaluation response, verbatim
 * @param operatorNote the approving or denying operator's note
 * @param decidedBy the operator who approved or denied
 * @param decidedAt when it was approved or denied
 * @param tokenId the issued token's id once approved
 * @param submittedBy the authenticated caller that submitted the request; null without callers
 * @param requester who asked for the evaluation, as the submitting service vouched; null when the
 *     submitter named none (or was not a configured caller)
 * @param approvals how many distinct operators have approved so far
 * @param requiredApprovals how many must approve before the token is issued (the policy's quorum)
 * @param audit the audit trail in lifecycle order; null in list items
 */
public record OverrideRequestRecord(
    String coordinatorRequestId,
    OverrideRequestStatus status,
    JsonNode evaluationRequest,
    JsonNode evaluationResponse,
    String requestHash,
    String actionHash,
    String licenseId,
    String actorId,
    String intentId,
    String failureFingerprint,
    String source,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant submittedAt,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant requestExpiresAt,
    JsonNode sentinelFeed,
    JsonNode sentinelSummary,
    String operatorNote,
    String decidedBy,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant decidedAt,
    String tokenId,
    String submittedBy,
    Requester requester,
    int approvals,
    int requiredApprovals,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<AuditEvent> audit) {}
