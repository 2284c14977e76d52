package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * The aggregates of one combination: its parameter values, its finished runs, and per collected
 * series the statistics of each collected tick.
 */
public record ExperimentAggregate(
    int combination,
    Map<String, JsonNode> parameters,
    int runs,
    Map<String, ExperimentSeriesStats> series) {}
