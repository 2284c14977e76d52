package io.causality.sim.engine.core;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.model.Rules;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** The engine versions this build can run, oldest first. */
public final class EngineRegistry {
  private final List<EngineVersion> versions;

  private EngineRegistry(List<EngineVersion> versions) {
    this.versions = List.copyOf(versions);
  }

  /** Every released version. */
  public static EngineRegistry standard() {
    return new EngineRegistry(List.of(new EngineVersion("1.0.0", Rules.v1Defaults())));
  }

  public List<EngineVersion> versions() {
    return versions;
  }

  /** The version strings, oldest first, e.g. for an error's details. */
  public List<String> versionIds() {
    return versions.stream().map(EngineVersion::id).toList();
  }

  /** The version new simulations use when the caller pins none. */
  public EngineVersion latest() {
    return versions.get(versions.size() - 1);
  }

  public Optional<EngineVersion> find(String id) {
    return versions.stream().filter(v -> v.id().equals(id)).findFirst();
  }

  /**
   * The version {@code id}, or {@link #latest()} when id is null. An unknown id is an {@link
   * EngineValidationException} at path {@code engineVersion} listing the versions.
   */
  public EngineVersion require(String id) {
    if (id == null) {
      return latest();
    }
    return find(id)
        .orElseThrow(
            () ->
                EngineValidationException.of(
                    "engineVersion",
                    "unknown engine version '"
                        + id
                        + "'; available versions: "
                        + String.join(", ", versionIds())));
  }

  /**
   * A simulation from {@link Simulation#snapshot()} bytes, under the version they name, on its
   * scenario's canonical JSON ({@link Simulation#scenarioJson()}).
   */
  public Simulation restore(byte[] snapshot, byte[] scenarioJson) {
    return restore(snapshot, () -> scenarioJson, TickThreads.single());
  }

  /**
   * The same, its further ticks computed on {@code threads}; the scenario is read only for a
   * snapshot that does not carry it.
   */
  public Simulation restore(byte[] snapshot, Supplier<byte[]> scenarioJson, TickThreads threads) {
    return SnapshotCodec.read(snapshot, scenarioJson, this::require, threads);
  }
}
