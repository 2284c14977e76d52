package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.api.DecreeView;
import io.causality.sim.api.ProphecyView;
import io.causality.sim.api.RawJson;
import io.causality.sim.api.SimulationView;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.ProphecyRow;
import io.causality.sim.db.SimulationSummary;
import java.io.UncheckedIOException;

/** Stored rows as the API shows them. */
public final class SimulationViews {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SimulationViews() {}

  public static SimulationView simulation(SimulationSummary simulation) {
    return new SimulationView(
        simulation.id(),
        simulation.scenarioId(),
        simulation.engineVersion(),
        simulation.organizationId(),
        simulation.status(),
        simulation.ticksComputed(),
        new RawJson(simulation.stateJson()),
        simulation.createdAt(),
        simulation.label(),
        simulation.note());
  }

  /** A decree; its payload is the one the engine validated and stored, at full precision. */
  public static DecreeView decree(InputRow row) {
    try {
      String payload = JSON.readTree(row.inputJson()).get("payload").toString();
      return new DecreeView(
          row.id(),
          row.simulationId(),
          row.type(),
          new RawJson(payload),
          row.tick(),
          row.createdAt());
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ProphecyView prophecy(ProphecyRow row) {
    return new ProphecyView(
        row.id(), row.simulationId(), row.tick(), new RawJson(row.data()), row.createdAt());
  }
}
