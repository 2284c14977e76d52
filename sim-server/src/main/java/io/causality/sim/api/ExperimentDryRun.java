package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code POST /v1/experiments?dryRun=true}: what the experiment would run and use of the license,
 * and the refusal a real submission would get now (null when it would be accepted). Nothing is
 * stored or counted.
 */
public record ExperimentDryRun(
    int runs,
    int combinations,
    int replications,
    int ticks,
    long ticksTotal,
    ExperimentQuota quota,
    @JsonInclude(JsonInclude.Include.ALWAYS) ExperimentRefusal refusal) {}
