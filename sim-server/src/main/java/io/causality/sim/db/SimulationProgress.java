package io.causality.sim.db;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What advancing a simulation from {@code version} stores: the simulation's new progress, its
 * prophecies, a snapshot at each multiple of the snapshot interval the ticks reached, the ticks
 * counted in the billing period, and the status change the last tick made, if any.
 *
 * @param outcomeB b at the last tick, as the state says it (rounded as the state's JSON)
 * @param outcomeLost the agents lost by the last tick
 * @param gammaWindow the evaluation gate's window after the ticks (JSON); null when unknown
 * @param snapshots in tick order; empty when no snapshot is due
 * @param statusChange null when the status stays; its {@code seq} is assigned when stored
 */
public record SimulationProgress(
    UUID id,
    UUID organizationId,
    long version,
    long fromTick,
    long toTick,
    String status,
    String stateJson,
    double outcomeB,
    int outcomeLost,
    String gammaWindow,
    String player,
    Instant now,
    List<ProphecyRow> prophecies,
    List<TickSnapshot> snapshots,
    Instant periodStart,
    StatusChangeRow statusChange) {
  public SimulationProgress {
    prophecies = List.copyOf(prophecies);
    snapshots = List.copyOf(snapshots);
  }
}
