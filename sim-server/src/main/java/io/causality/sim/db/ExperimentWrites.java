package io.causality.sim.db;

import io.causality.common.db.Column;
import io.causality.common.db.LargeValues;
import io.causality.common.db.Parameters;
import io.causality.common.db.UniqueViolation;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;

/**
 * The two writes of experiments that count usage, each one transaction in plain JDBC on a JDBI
 * handle's connection, so that they count through {@link SimulationWrites}' statements (one way to
 * count a run, docs/architecture.md "Reading the database"): accepting an experiment, which counts
 * all its runs at once and queues them, and storing a chunk of finished runs, which counts their
 * ticks. Not a measured hot path; plain JDBC because the counting statements are.
 *
 * <p>Accepting takes the organization's row lock ({@code SELECT ... FOR UPDATE}) before it counts
 * the experiments under way, so that concurrent submissions, on any instance, never pass the
 * license's concurrent experiments. A chunk's runs are stored with their counters and progress
 * event only while the experiment is under way, and only once: the chunk's primary key refuses a
 * chunk stored already (a worker presumed dead that finished after all), and its transaction then
 * keeps nothing.
 */
public final class ExperimentWrites {
  /** What became of a submission. */
  public enum Admission {
    ACCEPTED,
    RUNS_USED_UP,
    TOO_MANY_UNDER_WAY
  }

  /** What storing a chunk did: nothing, or its runs and whether they were the last ones. */
  public enum Stored {
    ALREADY_STORED,
    NOT_UNDER_WAY,
    STORED,
    STORED_LAST
  }

  private static final List<Column<ExperimentRow>> EXPERIMENT =
      List.of(
          Column.of("id", ExperimentRow::id),
          Column.of("organization_id", ExperimentRow::organizationId),
          Column.of("status", ExperimentRow::status),
          Column.of("scenario_id", ExperimentRow::scenarioId),
          Column.of("engine_version", ExperimentRow::engineVersion),
          Column.of("plan_json", ExperimentRow::planJson),
          Column.of("total_runs", ExperimentRow::totalRuns),
          Column.of("chunk_size", ExperimentRow::chunkSize),
          Column.of("runs_done", ExperimentRow::runsDone),
          Column.of("runs_failed", ExperimentRow::runsFailed),
          Column.of("event_seq", ExperimentRow::eventSeq),
          Column.of("created_at", ExperimentRow::createdAt),
          Column.of("updated_at", ExperimentRow::updatedAt));
  private static final List<Column<ExperimentEventRow>> EVENT =
      List.of(
          Column.of("experiment_id", ExperimentEventRow::experimentId),
          Column.of("seq", ExperimentEventRow::seq),
          Column.of("name", ExperimentEventRow::name),
          Column.of("data", ExperimentEventRow::data),
          Column.of("created_at", ExperimentEventRow::createdAt));

  private static final String INSERT_EXPERIMENT = Column.insert("experiments", EXPERIMENT);

  /** With the scenario's copy in the experiments row, which the previous version reads. */
  private static final String INSERT_EXPERIMENT_WITH_SCENARIO =
      "INSERT INTO experiments ("
          + Column.names(EXPERIMENT)
          + ", scenario_json) VALUES ("
          + Column.parameters(EXPERIMENT.size() + 1)
          + ")";

  /**
   * The scenario in a row of its own (changeset 040): the experiments row is updated by every
   * stored chunk, and H2 writes a row again whole at each update.
   */
  private static final String INSERT_SCENARIO =
      "INSERT INTO experiment_scenarios (experiment_id, scenario_json) VALUES (?, ?)";

  private static final String INSERT_EVENT = Column.insert("experiment_events", EVENT);
  private static final String LOCK_ORGANIZATION =
      "SELECT id FROM organizations WHERE id = ? FOR UPDATE";
  private static final String UNDER_WAY =
      "SELECT COUNT(*) FROM experiments"
          + " WHERE organization_id = ? AND status IN ('queued', 'running')";
  private static final String ADD_RUNS =
      "UPDATE experiments SET runs_done = runs_done + ?, runs_failed = runs_failed + ?,"
          + " event_seq = event_seq + 1, updated_at = ?"
          + " WHERE id = ? AND status IN ('queued', 'running')";
  private static final String COUNTERS =
      "SELECT runs_done, runs_failed, total_runs, event_seq FROM experiments WHERE id = ?";

  private final Jdbi jdbi;
  private final boolean shared;

  /**
   * {@code shared}: instances of the previous version may share the database (PostgreSQL), so a new
   * experiments row keeps a copy of its scenario too, as {@link SimulationWrites} does.
   */
  public ExperimentWrites(Jdbi jdbi, boolean shared) {
    this.jdbi = jdbi;
    this.shared = shared;
  }

  /**
   * Stores a new experiment ({@code created}, with its first event) and counts its runs, unless the
   * organization has {@code maxUnderWay} experiments queued or running, or the runs would pass
   * {@code maxRuns} in the period; then queues its runs' chunks, all in one transaction. {@link
   * SimulationWrites.UsagePeriodMissing} when the period has no usage row yet (nothing kept).
   */
  public Admission insert(
      ExperimentRow created,
      String scenarioJson,
      ExperimentEventRow first,
      Instant periodStart,
      long maxRuns,
      int maxUnderWay,
      RunQueue queue) {
    try {
      return inTransaction(
          created.id(),
          handle -> {
            Connection connection = handle.getConnection();
            if (underWay(connection, created.organizationId()) >= maxUnderWay) {
              return Admission.TOO_MANY_UNDER_WAY;
            }
            insertExperiment(connection, created, scenarioJson);
            insertEvent(connection, first);
            SimulationWrites.countRuns(
                connection, created.organizationId(), periodStart, created.totalRuns(), 0, maxRuns);
            queue.enqueueRuns(connection, created.id(), created.chunks());
            return Admission.ACCEPTED;
          });
    } catch (SimulationWrites.RunsUsedUp e) {
      return Admission.RUNS_USED_UP;
    }
  }

  /**
   * Stores a chunk's finished runs (a failed run is stored failed) with their counters, their ticks
   * counted in the period, and the progress event {@code progress} makes of the new counters (done,
   * failed, total, seq); the last chunk also queues the aggregation. {@link
   * SimulationWrites.UsagePeriodMissing} when the period has no usage row yet (nothing kept).
   */
  public Stored storeChunk(
      UUID experimentId,
      UUID organization,
      List<ExperimentRunRow> runs,
      long ticks,
      Instant periodStart,
      Instant now,
      Progress progress,
      RunQueue queue) {
    int done = (int) runs.stream().filter(r -> r.status().equals("done")).count();
    try {
      return inTransaction(
          experimentId,
          handle -> {
            Connection connection = handle.getConnection();
            Optional<Counters> counters =
                addRuns(connection, experimentId, done, runs.size() - done, now);
            if (counters.isEmpty()) {
              return Stored.NOT_UNDER_WAY;
            }
            insertChunk(connection, experimentId, runs);
            SimulationWrites.countTicks(connection, organization, periodStart, ticks);
            Counters c = counters.get();
            insertEvent(
                connection,
                new ExperimentEventRow(
                    experimentId, c.seq(), progress.name(), progress.data(c), now));
            if (c.done() + c.failed() < c.total()) {
              return Stored.STORED;
            }
            queue.enqueueAggregation(connection, experimentId);
            return Stored.STORED_LAST;
          });
    } catch (AlreadyStored e) {
      return Stored.ALREADY_STORED;
    }
  }

  /** The counters after a chunk, as its progress event tells them. */
  public record Counters(int done, int failed, int total, long seq) {}

  /** The event a chunk's counters make. */
  public interface Progress {
    String name();

    String data(Counters counters);
  }

  private static int underWay(Connection connection, UUID organization) throws SQLException {
    try (PreparedStatement lock = connection.prepareStatement(LOCK_ORGANIZATION)) {
      Parameters.bind(lock, 1, organization);
      lock.executeQuery().close();
    }
    try (PreparedStatement statement = connection.prepareStatement(UNDER_WAY)) {
      Parameters.bind(statement, 1, organization);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        return row.getInt(1);
      }
    }
  }

  private static Optional<Counters> addRuns(
      Connection connection, UUID experimentId, int done, int failed, Instant now)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(ADD_RUNS)) {
      Parameters.bind(statement, 1, done, failed, now, experimentId);
      if (statement.executeUpdate() == 0) {
        return Optional.empty();
      }
    }
    try (PreparedStatement statement = connection.prepareStatement(COUNTERS)) {
      Parameters.bind(statement, 1, experimentId);
      try (ResultSet row = statement.executeQuery()) {
        row.next();
        return Optional.of(
            new Counters(row.getInt(1), row.getInt(2), row.getInt(3), row.getLong(4)));
      }
    }
  }

  /**
   * The chunk's runs and their series, each in one row ({@link StoredRuns}, {@link StoredSeries}).
   */
  private static void insertChunk(
      Connection connection, UUID experimentId, List<ExperimentRunRow> runs) throws SQLException {
    try {
      StoredRuns.insertChunk(connection, experimentId, runs);
      StoredSeries.insertChunk(connection, experimentId, runs);
    } catch (SQLException e) {
      if (UniqueViolation.in(e)) {
        throw new AlreadyStored();
      }
      throw e;
    }
  }

  /** Thrown inside the transaction so that it keeps nothing: the runs are stored already. */
  private static final class AlreadyStored extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AlreadyStored() {
      super(null, null, false, false);
    }
  }

  private void insertExperiment(Connection connection, ExperimentRow created, String scenarioJson)
      throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(shared ? INSERT_EXPERIMENT_WITH_SCENARIO : INSERT_EXPERIMENT)) {
      int next = Column.bind(statement, 1, EXPERIMENT, created);
      if (shared) {
        Parameters.bind(statement, next, scenarioJson);
      }
      LargeValues.executeUpdate(statement);
    }
    try (PreparedStatement statement = connection.prepareStatement(INSERT_SCENARIO)) {
      Parameters.bind(statement, 1, created.id(), scenarioJson.getBytes(StandardCharsets.UTF_8));
      LargeValues.executeUpdate(statement);
    }
  }

  private static void insertEvent(Connection connection, ExperimentEventRow event)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(INSERT_EVENT)) {
      Column.bind(statement, 1, EVENT, event);
      statement.executeUpdate();
    }
  }

  private <T> T inTransaction(UUID experiment, HandleCallback<T, SQLException> work) {
    try {
      return jdbi.inTransaction(work);
    } catch (SQLException e) {
      throw new IllegalStateException("Storing experiment " + experiment + " failed", e);
    }
  }
}
