package io.causality.sim.core.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One varied path and its values, in the order the caller gave them (a range's from first). Values
 * are canonical JSON: seeds and integer rules as whole numbers, booleans as booleans, other numbers
 * as whole numbers when whole, else as doubles.
 */
public record Parameter(String path, ParameterPath target, List<JsonNode> values) {
  public Parameter {
    values = List.copyOf(values);
  }
}
