package io.causality.sim.benchmarks;

import io.causality.sim.core.experiments.ChunkPlan;
import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.core.experiments.ExperimentRunner;
import io.causality.sim.core.experiments.Pacer;
import io.causality.sim.core.experiments.RunResult;
import io.causality.sim.core.experiments.SeriesCodec;
import io.causality.sim.engine.core.EngineRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/**
 * The least work of a worker's runs: each run computed and its series collected as a worker does
 * ({@link ExperimentRunner}), and its row stored durably, a chunk of the server's size per
 * transaction with the chunk's series in one row and the experiment's counters, in an H2 file with
 * the service's URL settings ({@code WRITE_DELAY=0})). Raw JDBC, one connection, no queue, no
 * framework, no checks: a worker cannot store its runs for less, so this over {@link
 * ExperimentsAnchor}'s rate is the most a worker can reach of the engine's (docs/performance.md,
 * "Experiments").
 *
 * <p>The tables have the columns, types and keys of the service's {@code experiment_runs}
 * (migrations/sim-server/changes/024), {@code experiment_chunk_series} (038) and of the counters a
 * chunk updates in {@code experiments}; the chunk's row is encoded as the service's {@code
 * StoredSeries} encodes it.
 */
final class ExperimentsStoredAnchor {
  private static final String RUNS_TABLE =
      "CREATE TABLE experiment_runs (experiment_id UUID NOT NULL, run_index INT NOT NULL,"
          + " status VARCHAR(10) NOT NULL, seed BIGINT NOT NULL, final_b DOUBLE PRECISION,"
          + " losses INT, paradoxes INT, ticks_to_breach BIGINT,"
          + " series VARBINARY(1000000000), simulation_id UUID, error VARCHAR(200),"
          + " CONSTRAINT pk_experiment_runs PRIMARY KEY (experiment_id, run_index))";
  private static final String CHUNK_SERIES_TABLE =
      "CREATE TABLE experiment_chunk_series (experiment_id UUID NOT NULL, first_run INT NOT NULL,"
          + " runs INT NOT NULL, series VARBINARY(1000000000) NOT NULL,"
          + " CONSTRAINT pk_experiment_chunk_series PRIMARY KEY (experiment_id, first_run))";
  private static final String COUNTERS_TABLE =
      "CREATE TABLE experiments (id UUID PRIMARY KEY, runs_done INT NOT NULL,"
          + " runs_failed INT NOT NULL, event_seq BIGINT NOT NULL, updated_at TIMESTAMP)";
  private static final String INSERT_RUN =
      "INSERT INTO experiment_runs (experiment_id, run_index, status, seed, final_b, losses,"
          + " paradoxes, ticks_to_breach, simulation_id, error)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)";
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
      ddl.execute(RUNS_TABLE);
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
    try (PreparedStatement insert = connection.prepareStatement(INSERT_RUN);
        PreparedStatement chunkSeries = connection.prepareStatement(INSERT_CHUNK_SERIES);
        PreparedStatement counters = connection.prepareStatement(ADD_RUNS)) {
      for (int from = 0; from < experiment.runs(); from += chunk) {
        int to = (int) Math.min(experiment.runs(), from + chunk);
        List<byte[]> series = new ArrayList<>();
        for (int i = from; i < to; i++) {
          RunResult result = runner.run(experiment, i, Pacer.NONE);
          checksum += result.finalB();
          bind(insert, id, result);
          insert.addBatch();
          series.add(SeriesCodec.encode(result.series()));
        }
        insert.executeBatch();
        chunkSeries.setObject(1, id);
        chunkSeries.setInt(2, from);
        chunkSeries.setInt(3, to - from);
        chunkSeries.setBytes(4, chunkRow(from, series));
        chunkSeries.executeUpdate();
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
        ResultSet rows = count.executeQuery("SELECT COUNT(*) FROM experiment_runs")) {
      rows.next();
      if (rows.getLong(1) != runs) {
        throw new IllegalStateException(rows.getLong(1) + " rows stored of " + runs + " runs");
      }
    }
  }

  private static void bind(PreparedStatement insert, UUID id, RunResult result)
      throws SQLException {
    insert.setObject(1, id);
    insert.setInt(2, result.index());
    insert.setString(3, "done");
    insert.setLong(4, result.seed());
    insert.setDouble(5, result.finalB());
    insert.setInt(6, result.losses());
    insert.setInt(7, result.paradoxes());
    if (result.ticksToBreach() < 0) {
      insert.setNull(8, Types.BIGINT);
    } else {
      insert.setLong(8, result.ticksToBreach());
    }
  }

  /** A chunk's series as the service's StoredSeries encodes them: every run here finished. */
  private static byte[] chunkRow(int firstRun, List<byte[]> series) {
    int width = series.get(0).length;
    ByteBuffer out =
        ByteBuffer.allocate(2 * Integer.BYTES + series.size() * (Integer.BYTES + width));
    out.putInt(series.size()).putInt(width);
    for (int k = 0; k < series.size(); k++) {
      out.putInt(firstRun + k).put(series.get(k));
    }
    return out.array();
  }
}
