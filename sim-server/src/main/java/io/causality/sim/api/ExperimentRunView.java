package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;
import java.util.UUID;

/**
 * One stored run: which it is, its parameter values and seed, and its outcome reporters (those the
 * experiment collects, a number or null) or, for a failed run, the error. {@code simulationId}
 * names its kept trace ({@code keepTraces}).
 */
public record ExperimentRunView(
    int run,
    int combination,
    int replication,
    Map<String, JsonNode> parameters,
    long seed,
    @Schema(allowableValues = {"done", "failed"}) String status,
    @JsonInclude(JsonInclude.Include.ALWAYS) Map<String, Object> outcomes,
    @JsonInclude(JsonInclude.Include.ALWAYS) UUID simulationId,
    @JsonInclude(JsonInclude.Include.ALWAYS) String error) {}
