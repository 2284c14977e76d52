package io.causality.sim.db;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * What advancing a simulation from {@code version} stores: the simulation's new progress, its
 * prophecies, a snapshot when the ticks crossed a snapshot interval, the ticks counted in the
 * billing period, and the status change the last tick made, if any.
 *
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
    String gammaWindow,
    String player,
    Instant now,
    List<ProphecyRow> prophecies,
    byte[] snapshot,
    Instant periodStart,
    StatusChangeRow statusChange) {}
