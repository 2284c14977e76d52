package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** One varied path and its values, a range written out. */
public record ExperimentParameter(String path, List<JsonNode> values) {}
