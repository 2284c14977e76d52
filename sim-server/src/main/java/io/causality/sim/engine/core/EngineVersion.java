package io.causality.sim.engine.core;

import static java.util.Objects.requireNonNull;

import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;

/**
 * One released behaviour of the engine. A simulation pinned to a version replays byte for byte on
 * every later release: a version's physics, defaults and output layout never change; a change of
 * behaviour is a new version.
 */
public final class EngineVersion {
  private final String id;
  private final Rules defaultRules;

  EngineVersion(String id, Rules defaultRules) {
    this.id = requireNonNull(id, "id");
    this.defaultRules = requireNonNull(defaultRules, "defaultRules");
  }

  /** The version string, e.g. "1.0.0". */
  public String id() {
    return id;
  }

  public Rules defaultRules() {
    return defaultRules;
  }

  /** A new simulation of {@code scenario} under this version, before tick 0, on one thread. */
  public Simulation newSimulation(Scenario scenario) {
    return Simulation.create(this, scenario, TickThreads.single());
  }

  /** The same, its ticks computed on {@code threads}: the same bytes whatever their number. */
  public Simulation newSimulation(Scenario scenario, TickThreads threads) {
    return Simulation.create(this, scenario, threads);
  }

  /**
   * The same, for a scenario read back from its stored canonical JSON, which the simulation keeps
   * instead of the scenario's objects ({@link Simulation#create(EngineVersion, Scenario, byte[],
   * TickThreads)}).
   */
  public Simulation newSimulation(Scenario scenario, byte[] canonicalJson, TickThreads threads) {
    return Simulation.create(this, scenario, canonicalJson, threads);
  }

  @Override
  public String toString() {
    return id;
  }
}
