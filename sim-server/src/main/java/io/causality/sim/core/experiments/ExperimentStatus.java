package io.causality.sim.core.experiments;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;

/**
 * Where an experiment is (docs/experiments.md, "Statuses"): {@code queued} until a worker starts
 * one of its runs, {@code running} until its runs are stored and aggregated, then {@code completed}
 * (or {@code failed}, when the engine failed on every run); {@code cancelled} on request. Its wire
 * name is its {@code toString}, which the list's {@code status} parameter and the OpenAPI enum
 * read.
 */
public enum ExperimentStatus {
  QUEUED,
  RUNNING,
  COMPLETED,
  CANCELLED,
  FAILED;

  /** The statuses of an experiment under way, which hold a place among the concurrent ones. */
  public static final List<String> UNDER_WAY = List.of("queued", "running");

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  @JsonValue
  @Override
  public String toString() {
    return wireName();
  }

  public static ExperimentStatus fromWireName(String name) {
    return valueOf(name.toUpperCase(Locale.ROOT));
  }

  public boolean underWay() {
    return this == QUEUED || this == RUNNING;
  }
}
