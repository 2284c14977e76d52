package io.causality.sim.engine.model;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A complete, validated scenario. {@code id}, {@code label} and {@code note} are null for an inline
 * scenario; {@code ruleOverrides} holds only the rules the scenario sets, so that each engine
 * version resolves them against its own defaults.
 */
public record Scenario(
    String id,
    String label,
    long seed,
    List<String> tags,
    String note,
    NodeLabels nodeLabels,
    Map<Rule, Double> ruleOverrides,
    Grid grid,
    List<AttractorSpec> attractors,
    List<AgentSpec> agents) {
  public Scenario {
    tags = List.copyOf(tags);
    requireNonNull(nodeLabels, "nodeLabels");
    requireNonNull(grid, "grid");
    EnumMap<Rule, Double> rules = new EnumMap<>(Rule.class);
    rules.putAll(ruleOverrides);
    ruleOverrides = Collections.unmodifiableMap(rules);
    attractors = List.copyOf(attractors);
    agents = List.copyOf(agents);
  }

  public ScenarioSummary summary() {
    return new ScenarioSummary(id, label, seed, tags, note);
  }

  /** The same scenario with another seed (a caller may re-seed a pre-built scenario). */
  public Scenario withSeed(long newSeed) {
    return new Scenario(
        id, label, newSeed, tags, note, nodeLabels, ruleOverrides, grid, attractors, agents);
  }
}
