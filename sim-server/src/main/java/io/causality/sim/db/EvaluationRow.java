package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code simulation_evaluations}: one evaluation of a simulation against the state gate,
 * and what its submission to the coordinator gave (all three null when none was made).
 *
 * @param requestedBy who asked, as the request log names callers ({@code key:<id>}, {@code
 *     user:<subject>}); never a key or token
 */
public record EvaluationRow(
    UUID id,
    UUID simulationId,
    long tick,
    String decision,
    String reasonCode,
    String actorId,
    String requestedBy,
    String submissionStatus,
    String coordinatorRequestId,
    String submissionError,
    Instant createdAt) {}
