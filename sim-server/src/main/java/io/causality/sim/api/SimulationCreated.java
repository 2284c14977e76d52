package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;

/** The answer to a create: the new simulation and its state before tick 0. */
public record SimulationCreated(
    UUID id,
    @JsonInclude(JsonInclude.Include.ALWAYS) String scenarioId,
    String engineVersion,
    String status,
    RawJson state) {}
