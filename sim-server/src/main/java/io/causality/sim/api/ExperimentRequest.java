package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/**
 * {@code POST /v1/experiments}: a scenario (exactly one of {@code scenarioId}, {@code scenario} or
 * {@code domain} with {@code input}), the parameters to vary, the replications of each combination,
 * the ticks of each run and what to collect (docs/experiments.md).
 */
public record ExperimentRequest(
    @Size(max = 100) String scenarioId,
    @Schema(description = "An inline scenario, as POST /v1/simulations takes it") JsonNode scenario,
    @Size(max = 64) String domain,
    @Schema(description = "The domain adapter's input, with domain") JsonNode input,
    UUID organizationId,
    @Size(max = 32) String engineVersion,
    @Schema(
            description =
                "Parameter path to a list of values or to a range {from, to, steps}; paths: seed, "
                    + "agents[*].policy.lambda, agents[*].policy.gamma, agents[<id>].policy.lambda, "
                    + "agents[<id>].policy.gamma, attractors[<name>].strength, rules.<rule>")
        JsonNode parameters,
    @Min(1) @Max(10_000) Integer replications,
    @NotNull @Min(1) @Max(10_000) Integer ticks,
    @Schema(description = "The base seed; default the scenario's") Long seed,
    @Valid ExperimentCollect collect,
    Boolean keepTraces) {}
