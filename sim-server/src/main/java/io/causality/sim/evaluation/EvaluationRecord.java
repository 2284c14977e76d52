package io.causality.sim.evaluation;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/**
 * One evaluation of a simulation as {@code GET /v1/simulations/{id}/evaluations} lists it: the tick
 * evaluated, the gate's decision, who asked, and what the submission to the coordinator gave (null
 * when none was made: an allowed state, or no submission asked for).
 *
 * @param requestedBy the caller as the request log names it ({@code key:<id>}, {@code
 *     user:<subject>})
 */
public record EvaluationRecord(
    UUID id,
    long tick,
    String decision,
    @JsonInclude(JsonInclude.Include.ALWAYS) String reasonCode,
    String actorId,
    String requestedBy,
    @JsonInclude(JsonInclude.Include.ALWAYS) Submission submission,
    Instant createdAt) {}
