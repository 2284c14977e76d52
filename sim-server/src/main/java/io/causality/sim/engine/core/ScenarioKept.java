package io.causality.sim.engine.core;

import io.causality.sim.engine.model.NodeLabels;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioJson;

/**
 * What a simulation keeps of its scenario: the facts its trace names, and the scenario itself only
 * until its canonical JSON is first asked for (by a snapshot, or by the service storing a new
 * simulation). From then on it keeps those bytes, one array, instead of the scenario's objects: at
 * 100,000 agents some two and a half million small objects, which the collector would otherwise
 * copy when the simulation is made and mark for as long as it stays in memory, and which each
 * snapshot would otherwise write out again.
 */
final class ScenarioKept {
  /**
   * The heap a parsed scenario takes an agent: some 70 MB at 100,000 agents of the epidemic domain
   * (class histogram, 2026-11-29), two and a half times its canonical JSON.
   */
  static final int HEAP_PER_PARSED_AGENT = 700;

  private final String id;
  private final long seed;
  private final int agents;
  private final NodeLabels nodeLabels;
  private Scenario scenario;
  private byte[] canonicalJson;

  ScenarioKept(Scenario scenario) {
    this.id = scenario.id();
    this.seed = scenario.seed();
    this.agents = scenario.agents().size();
    this.nodeLabels = scenario.nodeLabels();
    this.scenario = scenario;
  }

  /**
   * A scenario whose canonical JSON is known already: {@code canonicalJson} must be {@link
   * ScenarioJson#toBytes} of {@code scenario} (a snapshot's, which that wrote).
   */
  ScenarioKept(Scenario scenario, byte[] canonicalJson) {
    this(scenario);
    this.canonicalJson = canonicalJson;
    this.scenario = null;
  }

  String id() {
    return id;
  }

  long seed() {
    return seed;
  }

  int agents() {
    return agents;
  }

  NodeLabels nodeLabels() {
    return nodeLabels;
  }

  /**
   * The heap it holds: its canonical JSON's bytes, or, while it holds the parsed scenario, about
   * {@link #HEAP_PER_PARSED_AGENT} an agent.
   */
  long heldBytes() {
    byte[] json = canonicalJson;
    return json != null ? json.length : (long) agents * HEAP_PER_PARSED_AGENT;
  }

  /**
   * {@link ScenarioJson#toBytes} of the scenario, computed once; the array is shared, so callers
   * read it and never change it.
   */
  byte[] canonicalJson() {
    if (canonicalJson == null) {
      canonicalJson = ScenarioJson.toBytes(scenario);
      scenario = null;
    }
    return canonicalJson;
  }
}
