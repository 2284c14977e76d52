package io.causality.sim.core;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.errors.SimulationNotFoundException;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SnapshotDao;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/**
 * Rebuilds an engine instance from what is stored: the latest snapshot at or before the
 * simulation's progress (or the scenario), then the inputs replayed up to that progress. The engine
 * is deterministic, so the result is the instance that computed the stored progress.
 */
public final class SimulationLoader {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Jdbi jdbi;
  private final EngineCatalog catalog;
  private final WorkingMemory memory;

  /**
   * @param memory what a rebuild reserves while it reads a stored scenario or snapshot
   */
  public SimulationLoader(Jdbi jdbi, EngineCatalog catalog, WorkingMemory memory) {
    this.jdbi = jdbi;
    this.catalog = catalog;
    this.memory = memory;
  }

  /**
   * Reserves the heap an engine instance of the row's scenario takes, for as long as the caller
   * builds and uses one (a trace's replay, streamed): sized by the stored scenario, read or not.
   * What this loader builds within it reserves nothing more.
   */
  public WorkingMemory.Reservation reserveFor(SimulationRow row) {
    long bytes =
        row.scenarioJson() != null
            ? row.scenarioJson().length
            : jdbi.withExtension(SimulationDao.class, dao -> dao.scenarioBytes(row.id()))
                .orElse(0L);
    return memory.reserveForJson(bytes);
  }

  /** The engine at the row's progress, from the nearest snapshot. */
  public Simulation atProgress(SimulationRow row) {
    return atTick(row, row.ticksComputed());
  }

  /**
   * The engine before {@code tick} (at most the row's progress), from the nearest snapshot, with
   * the inputs for {@code tick} queued.
   */
  public Simulation atTick(SimulationRow row, long tick) {
    Simulation simulation =
        jdbi.withExtension(SnapshotDao.class, dao -> dao.latest(row.id(), tick))
            .map(snapshot -> restore(row, snapshot.bytes()))
            .orElseGet(() -> fresh(row));
    simulation.replay(inputs(row), tick, EngineListener.NONE);
    return simulation;
  }

  /**
   * A new engine instance at tick 0 of the row's scenario, for rebuilding a whole trace; the
   * scenario is read when the row was read without it. The stored scenario is its canonical JSON,
   * which the engine keeps instead of the parsed scenario (at 100,000 agents some 70 MB of small
   * objects against its 16 MB).
   */
  public Simulation fresh(SimulationRow row) {
    byte[] scenarioJson = scenarioBytes(row);
    try (WorkingMemory.Reservation reserved = memory.reserveForJson(scenarioJson.length)) {
      return catalog.newSimulation(
          catalog.engines().require(row.engineVersion()), parse(scenarioJson), scenarioJson);
    }
  }

  /**
   * A snapshot's engine instance on the row's stored scenario, read within a reservation of working
   * memory sized by that scenario.
   */
  private Simulation restore(SimulationRow row, byte[] snapshot) {
    try (WorkingMemory.Reservation reserved = reserveFor(row)) {
      return catalog.restore(snapshot, () -> scenarioBytes(row));
    }
  }

  /**
   * The scenario the row runs, as stored: a row read from the database does not carry it ({@link
   * io.causality.sim.db.SimulationRowMapper}), a row just created does.
   */
  public String scenarioJson(SimulationRow row) {
    if (row.scenarioJson() != null) {
      return new String(row.scenarioJson(), StandardCharsets.UTF_8);
    }
    return jdbi.withExtension(SimulationDao.class, dao -> dao.scenarioOf(row.id()))
        .orElseThrow(() -> new SimulationNotFoundException(row.id()));
  }

  /** The same, as its UTF-8 bytes. */
  private byte[] scenarioBytes(SimulationRow row) {
    if (row.scenarioJson() != null) {
      return row.scenarioJson();
    }
    return jdbi.withExtension(SimulationDao.class, dao -> dao.scenarioBytesOf(row.id()))
        .orElseThrow(() -> new SimulationNotFoundException(row.id()));
  }

  /** The same, with the row's scenario already parsed. */
  public Simulation fresh(SimulationRow row, Scenario scenario) {
    return catalog.newSimulation(catalog.engines().require(row.engineVersion()), scenario);
  }

  /** The row's inputs in submission order (none read when it has none). */
  public List<ScheduledInput> inputs(SimulationRow row) {
    if (row.inputCount() == 0) {
      return List.of();
    }
    return jdbi.withExtension(InputDao.class, dao -> dao.all(row.id())).stream()
        .limit(row.inputCount())
        .map(SimulationLoader::scheduled)
        .toList();
  }

  /**
   * The row's inputs of the ticks after {@code tick}: what to replay on an engine from {@link
   * #atTick}, which has queued those of {@code tick} already.
   */
  public List<ScheduledInput> inputsAfter(SimulationRow row, long tick) {
    return inputs(row).stream().filter(input -> input.tick() > tick).toList();
  }

  private static Scenario parse(byte[] scenarioJson) {
    try {
      return ScenarioParser.parse(JSON.readTree(scenarioJson), "scenario");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ScheduledInput scheduled(InputRow row) {
    try {
      return InputParser.scheduled(JSON.readTree(row.inputJson()));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
