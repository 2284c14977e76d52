package io.causality.sim.benchmarks;

import io.causality.sim.core.experiments.ChunkPlan;
import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.core.experiments.ExperimentRunner;
import io.causality.sim.core.experiments.ExperimentWork;
import io.causality.sim.core.experiments.Pacer;
import io.causality.sim.core.experiments.RunResult;
import io.causality.sim.core.experiments.RunScenarios;
import io.causality.sim.db.ExperimentRunRow;
import io.causality.sim.db.StoredRuns;
import io.causality.sim.db.StoredSeries;
import io.causality.sim.engine.core.EngineRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The least work of a worker's runs: each run computed and its series collected as a worker does
 * ({@link ExperimentRunner}), and stored durably, a chunk of the server's size per transaction: the
 * chunk's runs in one row, their series in another, and the experiment's counters, in an H2 file
 * with the service's URL settings ({@code WRITE_DELAY=0}). Raw JDBC, one connection, no queue, no
 * framework, no checks: a worker cannot store its runs for less, so this over {@link
 * ExperimentsAnchor}'s rate is the most a worker can reach of the engine's (docs/performance.md,
 * "Experiments").
 *
 * <p>The tables have the columns, types and keys of the service's {@code experiment_chunk_runs}
 * (migrations/sim-server/changes/041), {@code experiment_chunk_series} (038) and of the counters a
 * chunk updates in {@code experiments}; the chunk's rows are encoded by the service's own {@link
 * StoredRuns} and {@link StoredSeries}.
 */
final class ExperimentsStoredAnchor {
  private static final String CHUNK_RUNS_TABLE =
      "CREATE TABLE experiment_chunk_runs (experiment_id UUID NOT NULL, first_run INT NOT NULL,"
          + " runs INT NOT NULL, outcomes VARBINARY(1000000000) NOT NULL,"
          + " CONSTRAINT pk_experiment_chunk_runs PRIMARY KEY (experiment_id, first_run))";
  private static final String CHUNK_SERIES_TABLE =
      "CREATE TABLE experiment_chunk_series (experiment_id UUID NOT NULL, first_run INT NOT NULL,"
          + " runs INT NOT NULL, series VARBINARY(1000000000) NOT NULL,"
          + " CONSTRAINT pk_experiment_chunk_series PRIMARY KEY (experiment_id, first_run))";
  private static final String COUNTERS_TABLE =
      "CREATE TABLE experiments (id UUID PRIMARY KEY, runs_done INT NOT NULL,"
          + " runs_failed INT NOT NULL, event_seq BIGINT NOT NULL, updated_at TIMESTAMP)";
  private static final String INSERT_CHUNK_RUNS =
      "INSERT INTO experiment_chunk_runs (experiment_id, first_run, runs, outcomes)"
          + " VALUES (?, ?, ?, ?)";
  private static final String INSERT_CHUNK_SERIES =
      "INSERT INTO experiment_chunk_series (experiment_id, first_run, runs, series)"
          + " VALUES (?, ?, ?, ?)";
  private static final String ADD_RUNS =
      "UPDATE experiments SET runs_done = runs_done + ?, event_seq = event_seq + 1,"
          + " updated_at = ? WHERE id = ?";

  private ExperimentsStoredAnchor() {}

  static ExperimentsAnchor.Measured measure(Experiment experiment, EngineRegistry engines)
      throws Exception {
    Path folder = Files.createTempDirectory("experiments-stored-anchor");
    String url = "jdbc:h2:file:" + folder.resolve("db") + ";WRITE_DELAY=0";
    try (Connection connection = DriverManager.getConnection(url, "sa", "")) {
      UUID id = prepare(connection);
      return run(connection, id, experiment, new ExperimentRunner(engines));
    } finally {
      try (var files = Files.walk(folder)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static UUID prepare(Connection connection) throws SQLException {
    UUID id = UUID.randomUUID();
    try (Statement ddl = connection.createStatement()) {
      ddl.execute(CHUNK_RUNS_TABLE);
      ddl.execute(CHUNK_SERIES_TABLE);
      ddl.execute(COUNTERS_TABLE);
      ddl.execute("INSERT INTO experiments VALUES ('" + id + "', 0, 0, 0, NULL)");
    }
    connection.setAutoCommit(false);
    return id;
  }

  private static ExperimentsAnchor.Measured run(
      Connection connection, UUID id, Experiment experiment, ExperimentRunner runner)
      throws SQLException {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    int chunk = ChunkPlan.size(experiment);
    long cpu = threads.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    double checksum = 0;
    try (PreparedStatement chunkRuns = connection.prepareStatement(INSERT_CHUNK_RUNS);
        PreparedStatement chunkSeries = connection.prepareStatement(INSERT_CHUNK_SERIES);
        PreparedStatement counters = connection.prepareStatement(ADD_RUNS)) {
      RunScenarios scenarios = new RunScenarios(experiment);
      for (int from = 0; from < experiment.runs(); from += chunk) {
        int to = (int) Math.min(experiment.runs(), from + chunk);
        List<ExperimentRunRow> runs = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
          RunResult result = runner.run(scenarios, i, Pacer.NONE);
          checksum += result.finalB();
          runs.add(ExperimentWork.stored(id, result, null));
        }
        insert(chunkRuns, id, from, runs, StoredRuns.encodeChunk(runs));
        insert(chunkSeries, id, from, runs, StoredSeries.encodeChunk(runs));
        counters.setInt(1, to - from);
        counters.setTimestamp(2, Timestamp.from(Instant.now()));
        counters.setObject(3, id);
        counters.executeUpdate();
        connection.commit();
      }
    }
    long wall = System.nanoTime() - start;
    requireEveryRowStored(connection, experiment.runs());
    return new ExperimentsAnchor.Measured(
        experiment.runs(), wall, threads.getCurrentThreadCpuTime() - cpu, checksum);
  }

  private static void requireEveryRowStored(Connection connection, long runs) throws SQLException {
    try (Statement count = connection.createStatement();
        ResultSet rows = count.executeQuery("SELECT SUM(runs) FROM experiment_chunk_runs")) {
      rows.next();
      if (rows.getLong(1) != runs) {
        throw new IllegalStateException(rows.getLong(1) + " runs stored of " + runs);
      }
    }
  }

  private static void insert(
      PreparedStatement statement, UUID id, int firstRun, List<ExperimentRunRow> runs, byte[] row)
      throws SQLException {
    statement.setObject(1, id);
    statement.setInt(2, firstRun);
    statement.setInt(3, runs.size());
    statement.setBytes(4, row);
    statement.executeUpdate();
  }
}
