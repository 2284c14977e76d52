package io.causality.sim.engine.model;

import java.util.List;

/** The list form of a pre-built scenario: id, label, seed, tags, note. */
public record ScenarioSummary(String id, String label, long seed, List<String> tags, String note) {
  public ScenarioSummary {
    tags = List.copyOf(tags);
  }
}
