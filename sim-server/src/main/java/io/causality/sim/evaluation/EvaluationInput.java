package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A validated evaluationRequest and what the gate reads of it.
 *
 * @param json the request as received; its hash binds an override token
 * @param envelopeVersion the envelope version, echoed
 * @param requestId the request id, echoed
 * @param actorId the actor the evaluation is about
 * @param licenseId the license named by the request, if any
 * @param gamma {@code snapshot.metrics[metric]}
 * @param trend {@code snapshot.metrics[trendMetric]}, when given
 * @param overrideToken the {@code overrideToken} member, when present and not null
 */
public record EvaluationInput(
    ObjectNode json,
    int envelopeVersion,
    String requestId,
    String actorId,
    Optional<String> licenseId,
    double gamma,
    OptionalDouble trend,
    Optional<JsonNode> overrideToken) {}
