package io.causality.benchmarks.baseline;

import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.UUID;

/**
 * One row as the simulation service's GET answers it: the same fields, and the same state the
 * service would store for stable-basins after 100 ticks (computed by the engine, so the answer has
 * the same size as the service's).
 */
public record BaselineRow(
    UUID id,
    UUID organizationId,
    String scenarioId,
    String engineVersion,
    String status,
    long ticks,
    @JsonRawValue String state,
    Instant createdAt) {
  /** The id ops/bench/sim-http asks for. */
  public static final UUID ID = UUID.fromString("5b0a7a1e-0000-4000-8000-000000000001");

  static final int TICKS = 100;

  static BaselineRow sample() {
    EngineRegistry engines = EngineRegistry.standard();
    Simulation simulation =
        engines
            .latest()
            .newSimulation(ScenarioCatalog.standard().find("stable-basins").orElseThrow());
    simulation.advance(TICKS, EngineListener.NONE);
    return new BaselineRow(
        ID,
        UUID.fromString("5b0a7a1e-0000-4000-8000-000000000002"),
        "stable-basins",
        engines.latest().id(),
        "paused",
        TICKS,
        stateJson(simulation),
        Instant.now());
  }

  private static String stateJson(Simulation simulation) {
    StringWriter out = new StringWriter();
    try (JsonGenerator gen = new JsonFactory().createGenerator(out)) {
      simulation.state().writeJson(gen);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
