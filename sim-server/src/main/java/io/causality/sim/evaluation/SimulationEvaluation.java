package io.causality.sim.evaluation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * Answer of {@code POST /v1/simulations/{id}/evaluations}. The evaluationRequest is returned
 * because an override token binds to its hash: present it again, unchanged, with the token at
 * {@code POST /v1/evaluations}.
 *
 * @param evaluationRequest the request built from the simulation's stored state
 * @param evaluationResponse the gate's answer
 * @param coordinatorRequestId the override request, when the rejection was submitted
 * @param submission what submission gave; absent when none was asked or needed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SimulationEvaluation(
    JsonNode evaluationRequest,
    EvaluationResponse evaluationResponse,
    String coordinatorRequestId,
    Submission submission) {}
