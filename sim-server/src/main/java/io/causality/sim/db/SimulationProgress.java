package io.causality.sim.db;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What advancing a simulation from {@code version} stores: the simulation's new progress, its
 * prophecies, a snapshot when the ticks crossed a snapshot interval, the ticks counted in the
 * billing period, and the status change the last tick made, if any.
 *
 * @param outcomeB b at the last tick, as the state says it (rounded as the state's JSON)
 * @param outcomeLost the agents lost by the last tick
 * @param gammaWindow the evaluation gate's window after the ticks (JSON); null when unknown
 * @param snapshot null when no snapshot is due
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
    byte[] snapshot,
    Instant periodStart,
    StatusChangeRow statusChange) {}
