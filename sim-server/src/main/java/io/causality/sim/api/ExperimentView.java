package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** An experiment as get and list show it: its definition (without the scenario) and progress. */
public record ExperimentView(
    UUID id,
    UUID organizationId,
    @Schema(allowableValues = {"queued", "running", "completed", "cancelled", "failed"})
        String status,
    @JsonInclude(JsonInclude.Include.ALWAYS) String scenarioId,
    String engineVersion,
    long seed,
    List<ExperimentParameter> parameters,
    int combinations,
    int replications,
    int ticks,
    ExperimentCollect collect,
    boolean keepTraces,
    ExperimentProgress progress,
    Instant createdAt,
    Instant updatedAt,
    @JsonInclude(JsonInclude.Include.ALWAYS) Instant finishedAt) {}
