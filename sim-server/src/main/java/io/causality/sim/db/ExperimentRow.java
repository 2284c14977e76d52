package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/**
 * A row of {@code experiments} without its scenario (read apart: {@link ExperimentDao#scenarioOf}).
 * {@code planJson} is the rest of the definition; the counters count stored runs; {@code eventSeq}
 * is the seq of its last event.
 */
public record ExperimentRow(
    UUID id,
    UUID organizationId,
    String status,
    String scenarioId,
    String engineVersion,
    String planJson,
    int totalRuns,
    int chunkSize,
    int runsDone,
    int runsFailed,
    long eventSeq,
    Instant createdAt,
    Instant updatedAt,
    Instant finishedAt) {
  /** The chunks its runs are queued in: runs 0 to chunkSize - 1 are chunk 0, and so on. */
  public int chunks() {
    return (totalRuns + chunkSize - 1) / chunkSize;
  }
}
