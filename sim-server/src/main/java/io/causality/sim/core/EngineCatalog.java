package io.causality.sim.core;

import io.causality.sim.engine.adapter.DomainAdapterRegistry;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.scenario.ScenarioCatalog;

/** The engine's registries, built once at start: versions, pre-built scenarios, adapters. */
public record EngineCatalog(
    EngineRegistry engines, ScenarioCatalog scenarios, DomainAdapterRegistry adapters) {

  public static EngineCatalog standard() {
    return new EngineCatalog(
        EngineRegistry.standard(), ScenarioCatalog.standard(), DomainAdapterRegistry.standard());
  }
}
