package io.causality.hitl.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Body of {@code POST /v1/override-requests}.
 *
 * @param evaluationRequest the original evaluation request, without an overrideToken
 * @param evaluationResponse its rejection, asking for HUMAN_ESCALATION
 * @param licenseId the submitter's license, required
 * @param actorId preferred actor id, optional
 * @param sentinelFeed optional telemetry feed
 * @param sentinelSummary optional summary
 * @param source optional origin label of the submitter
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubmitOverrideRequest(
    JsonNode evaluationRequest,
    JsonNode evaluationResponse,
    String licenseId,
    String actorId,
    JsonNode sentinelFeed,
    JsonNode sentinelSummary,
    String source) {}
