package io.causality.sim.core;

import io.causality.sim.engine.adapter.DomainAdapterRegistry;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.core.TickThreads;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.util.function.Supplier;

/**
 * The engine's registries, built once at start: versions, pre-built scenarios, adapters, and the
 * threads every simulation's ticks run on ({@code engine.threads}).
 */
public record EngineCatalog(
    EngineRegistry engines,
    ScenarioCatalog scenarios,
    DomainAdapterRegistry adapters,
    TickThreads threads) {

  /** The standard registries, ticks on the caller's thread only. */
  public static EngineCatalog standard() {
    return standard(TickThreads.single());
  }

  public static EngineCatalog standard(TickThreads threads) {
    return new EngineCatalog(
        EngineRegistry.standard(),
        ScenarioCatalog.standard(),
        DomainAdapterRegistry.standard(),
        threads);
  }

  /** A new simulation of {@code scenario} under {@code version}, on these threads. */
  public Simulation newSimulation(EngineVersion version, Scenario scenario) {
    return version.newSimulation(scenario, threads);
  }

  /** The same, for a scenario parsed from its stored {@code canonicalJson}, which it keeps. */
  public Simulation newSimulation(EngineVersion version, Scenario scenario, byte[] canonicalJson) {
    return version.newSimulation(scenario, canonicalJson, threads);
  }

  /**
   * A simulation restored from snapshot bytes onto its scenario's stored JSON, on these threads.
   */
  public Simulation restore(byte[] snapshot, Supplier<byte[]> scenarioJson) {
    return engines.restore(snapshot, scenarioJson, threads);
  }
}
