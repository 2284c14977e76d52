package io.causality.sim.core.experiments;

import io.causality.sim.core.SimulationCreation;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.core.organization.UsagePeriods;
import io.causality.sim.db.ExperimentAggregateRow;
import io.causality.sim.db.ExperimentDao;
import io.causality.sim.db.ExperimentRow;
import io.causality.sim.db.ExperimentRunRow;
import io.causality.sim.db.ExperimentWrites;
import io.causality.sim.db.RunQueue;
import io.causality.sim.db.StoredRuns;
import io.causality.sim.db.StoredSeries;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.jdbi.v3.core.Jdbi;

/**
 * What the queue's workers do (the {@code experiments} package calls it): compute a chunk of runs
 * and store it, and aggregate an experiment whose runs are all stored. Both may run again for the
 * same chunk or experiment (a worker presumed dead, a crash between a commit and the queue's
 * delete): a chunk stored already is skipped, and aggregates are replaced, so a second run changes
 * nothing.
 */
public final class ExperimentWork {
  /** How often a chunk checks, between runs, that its experiment was not cancelled. */
  static final Duration STILL_UNDER_WAY_CHECK = Duration.ofSeconds(1);

  /** Doubles one aggregation pass holds at most: 32 MB, whatever the replications. */
  static final long AGGREGATION_BUDGET = 4_000_000;

  private final Jdbi jdbi;
  private final ExperimentWrites writes;
  private final RunQueue queue;
  private final Definitions definitions;
  private final ExperimentRunner runner;
  private final SimulationCreation keeper;
  private final ExperimentAccess access;
  private final Clock clock;

  ExperimentWork(
      Jdbi jdbi,
      ExperimentWrites writes,
      RunQueue queue,
      Definitions definitions,
      ExperimentRunner runner,
      SimulationCreation keeper,
      ExperimentAccess access,
      Clock clock) {
    this.jdbi = jdbi;
    this.writes = writes;
    this.queue = queue;
    this.definitions = definitions;
    this.runner = runner;
    this.keeper = keeper;
    this.access = access;
    this.clock = clock;
  }

  /** What became of a chunk. */
  public enum ChunkOutcome {
    /** Its runs are stored. */
    STORED,
    /** Nothing to do: stored already, or the experiment is no longer under way. */
    SKIPPED,
    /** The experiment was cancelled while the chunk ran; nothing stored. */
    DROPPED
  }

  /**
   * The instance stops: the chunk is left unstored, for the queue to give it again (to this
   * instance after its restart, or to another).
   */
  public static final class Interrupted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Interrupted() {
      super("the instance is stopping; the chunk runs again later", null, false, false);
    }
  }

  /**
   * Computes chunk {@code chunk} of experiment {@code id} and stores it, unless it is stored
   * already or the experiment is no longer under way. {@link Interrupted} when {@code stopping}
   * turns true between two runs.
   */
  public ChunkOutcome runChunk(UUID id, int chunk, Pacer pacer, BooleanSupplier stopping) {
    Optional<ExperimentRow> found = find(id);
    if (found.isEmpty() || !underWay(found.get())) {
      return ChunkOutcome.SKIPPED;
    }
    ExperimentRow row = found.get();
    int from = chunk * row.chunkSize();
    int to = Math.min(row.totalRuns(), from + row.chunkSize());
    if (chunkStored(id, from)) {
      return ChunkOutcome.SKIPPED;
    }
    start(row);
    Experiment experiment = definitions.of(row);
    Optional<List<ExperimentRunRow>> runs = compute(row, experiment, from, to, pacer, stopping);
    if (runs.isEmpty()) {
      return ChunkOutcome.DROPPED;
    }
    return store(row, experiment, runs.get(), to - from);
  }

  private Optional<List<ExperimentRunRow>> compute(
      ExperimentRow row,
      Experiment experiment,
      int from,
      int to,
      Pacer pacer,
      BooleanSupplier stopping) {
    List<ExperimentRunRow> runs = new ArrayList<>(to - from);
    RunScenarios scenarios = new RunScenarios(experiment);
    long checked = System.nanoTime();
    for (int index = from; index < to; index++) {
      if (stopping.getAsBoolean()) {
        throw new Interrupted();
      }
      if (System.nanoTime() - checked > STILL_UNDER_WAY_CHECK.toNanos()) {
        if (find(row.id()).filter(ExperimentWork::underWay).isEmpty()) {
          return Optional.empty();
        }
        checked = System.nanoTime();
      }
      runs.add(run(row, scenarios, index, pacer));
    }
    return Optional.of(runs);
  }

  private ExperimentRunRow run(ExperimentRow row, RunScenarios scenarios, int index, Pacer pacer) {
    Experiment experiment = scenarios.experiment();
    RunResult result = runner.run(scenarios, index, pacer);
    UUID kept = null;
    if (result.ok() && experiment.keepTraces()) {
      kept = keptId(row.id(), index);
      keeper.keepRun(
          kept,
          row.organizationId(),
          experiment.scenarioId(),
          scenarios.of(index),
          experiment.engineVersion(),
          experiment.ticks());
    }
    return stored(row.id(), result, kept);
  }

  /**
   * Run {@code result} as a worker stores it: a finished run with its outcomes, series and kept
   * simulation ({@code kept}, or null), or a failed one with its error (public for the benchmarks'
   * least work, which stores runs as the workers do).
   */
  public static ExperimentRunRow stored(UUID experiment, RunResult result, UUID kept) {
    return result.ok()
        ? new ExperimentRunRow(
            experiment,
            result.index(),
            ExperimentViews.RunStatus.DONE,
            result.seed(),
            result.finalB(),
            result.losses(),
            result.paradoxes(),
            result.ticksToBreach() < 0 ? null : result.ticksToBreach(),
            SeriesCodec.encode(result.series()),
            kept,
            null)
        : new ExperimentRunRow(
            experiment,
            result.index(),
            ExperimentViews.RunStatus.FAILED,
            result.seed(),
            null,
            null,
            null,
            null,
            null,
            null,
            result.error().length() > 200 ? result.error().substring(0, 200) : result.error());
  }

  /**
   * The id of run {@code index}'s kept simulation: the same whoever computes the run, so that a
   * chunk computed again finds the simulation kept before and keeps no second one.
   */
  static UUID keptId(UUID experiment, int index) {
    return UUID.nameUUIDFromBytes((experiment + "/run/" + index).getBytes(StandardCharsets.UTF_8));
  }

  private ChunkOutcome store(
      ExperimentRow row, Experiment experiment, List<ExperimentRunRow> runs, int size) {
    long ticks =
        runs.stream().filter(r -> r.status().equals(ExperimentViews.RunStatus.DONE)).count()
            * (long) experiment.ticks();
    int running = Math.max(0, access.running(row) - size);
    Instant now = now();
    Instant periodStart = BillingPeriods.containing(now).start();
    ExperimentWrites.Stored stored =
        UsagePeriods.inPeriod(
            jdbi,
            row.organizationId(),
            periodStart,
            () ->
                writes.storeChunk(
                    row.id(),
                    row.organizationId(),
                    runs,
                    ticks,
                    periodStart,
                    now,
                    ExperimentEvents.progressAfterChunk(running),
                    queue));
    if (stored == ExperimentWrites.Stored.STORED_LAST) {
      queue.dueNow(); // the aggregation
    }
    return switch (stored) {
      case STORED, STORED_LAST -> ChunkOutcome.STORED;
      case ALREADY_STORED -> ChunkOutcome.SKIPPED;
      case NOT_UNDER_WAY -> ChunkOutcome.DROPPED;
    };
  }

  /** The first chunk a worker starts makes a queued experiment running. */
  private void start(ExperimentRow row) {
    if (!row.status().equals(ExperimentStatus.QUEUED.wireName())) {
      return;
    }
    String data =
        ExperimentEvents.status(ExperimentStatus.RUNNING, ExperimentStatus.QUEUED, "started");
    Instant now = now();
    jdbi.useExtension(
        ExperimentDao.class,
        dao ->
            dao.moveTo(
                row.id(),
                List.of(ExperimentStatus.QUEUED.wireName()),
                ExperimentStatus.RUNNING.wireName(),
                ExperimentEvents.STATUS,
                data,
                now,
                null));
  }

  /**
   * Computes and stores the aggregates of every combination, then completes the experiment ({@code
   * failed} when the engine failed on every run). Does nothing unless it is running with every run
   * stored.
   */
  public void aggregate(UUID id) {
    Optional<ExperimentRow> found = find(id);
    if (found.isEmpty()) {
      return;
    }
    ExperimentRow row = found.get();
    boolean complete = row.runsDone() + row.runsFailed() == row.totalRuns();
    if (!row.status().equals(ExperimentStatus.RUNNING.wireName()) || !complete) {
      return;
    }
    Plan plan = Plan.parse(row.planJson());
    for (int c = 0; c < plan.grid().combinations(); c++) {
      List<ExperimentAggregateRow> rows = aggregate(id, plan, c, row.chunkSize());
      int combination = c;
      jdbi.useExtension(ExperimentDao.class, dao -> dao.replaceAggregates(id, combination, rows));
    }
    finish(row);
  }

  private void finish(ExperimentRow row) {
    ExperimentStatus end =
        row.runsDone() > 0 ? ExperimentStatus.COMPLETED : ExperimentStatus.FAILED;
    String data = ExperimentEvents.status(end, ExperimentStatus.RUNNING, "finished");
    Instant now = now();
    jdbi.useExtension(
        ExperimentDao.class,
        dao ->
            dao.moveTo(
                row.id(),
                List.of(ExperimentStatus.RUNNING.wireName()),
                end.wireName(),
                ExperimentEvents.STATUS,
                data,
                now,
                now));
  }

  /**
   * One combination's aggregates, one row per collected series; none when no run of it finished.
   * The runs' series are read in passes over windows of collected ticks, each holding at most
   * {@link #AGGREGATION_BUDGET} values, so memory does not grow with the replications.
   */
  List<ExperimentAggregateRow> aggregate(UUID id, Plan plan, int combination, int chunkSize) {
    List<Series> series = plan.collect().series();
    int points = Collect.points(plan.ticks(), plan.collect().every());
    int replications = plan.replications();
    if (series.isEmpty()) {
      return List.of();
    }
    int window =
        (int)
            Math.max(
                1, Math.min(points, AGGREGATION_BUDGET / ((long) replications * series.size())));
    double[][][] stats = new double[series.size()][Statistics.NAMES.size()][points];
    for (int first = 0; first < points; first += window) {
      int width = Math.min(window, points - first);
      double[][][] values = new double[series.size()][width][replications];
      int n =
          readWindow(
              id, combination * replications, replications, chunkSize, points, first, values);
      if (n == 0) {
        return List.of();
      }
      for (int s = 0; s < series.size(); s++) {
        for (int k = 0; k < width; k++) {
          double[] of = Statistics.of(values[s][k], n);
          for (int m = 0; m < of.length; m++) {
            stats[s][m][first + k] = of[m];
          }
        }
      }
    }
    List<ExperimentAggregateRow> rows = new ArrayList<>();
    for (int s = 0; s < series.size(); s++) {
      rows.add(
          new ExperimentAggregateRow(
              id, combination, series.get(s).wireName(), SeriesCodec.encode(stats[s])));
    }
    return rows;
  }

  /** Fills {@code values[series][k][n]} with the finished runs' values, in run order; returns n. */
  private int readWindow(
      UUID id,
      int from,
      int replications,
      int chunkSize,
      int points,
      int first,
      double[][][] values) {
    int[] n = {0};
    StoredSeries.Visitor visitor =
        (run, bytes, offset) -> {
          for (int s = 0; s < values.length; s++) {
            for (int k = 0; k < values[s].length; k++) {
              values[s][k][n[0]] = SeriesCodec.at(bytes, offset, points, s, first + k);
            }
          }
          n[0]++;
        };
    try {
      jdbi.useHandle(
          handle ->
              StoredSeries.read(
                  handle.getConnection(), id, from, from + replications, chunkSize, visitor));
    } catch (SQLException e) {
      throw new IllegalStateException("Reading experiment " + id + "'s series failed", e);
    }
    return n[0];
  }

  private Optional<ExperimentRow> find(UUID id) {
    return jdbi.withExtension(ExperimentDao.class, dao -> dao.find(id));
  }

  private boolean chunkStored(UUID id, int firstRun) {
    try {
      return jdbi.withHandle(
          handle -> StoredRuns.chunkStored(handle.getConnection(), id, firstRun));
    } catch (SQLException e) {
      throw new IllegalStateException("Reading experiment " + id + "'s runs failed", e);
    }
  }

  private static boolean underWay(ExperimentRow row) {
    return ExperimentStatus.fromWireName(row.status()).underWay();
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }
}
