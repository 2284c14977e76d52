package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code simulations}: what a simulation is made of, and how far it has run. */
public record SimulationRow(
    UUID id, UUID organizationId, String scenarioId, String scenarioJson, String engineVersion,
    String status, long ticksComputed, int inputCount, double speed, String stateJson,
    Instant createdAt, Instant updatedAt) {

  public SimulationSummary summary() {
    return new SimulationSummary(id, organizationId, scenarioId, engineVersion, status,
        ticksComputed, stateJson, createdAt);
  }
}
