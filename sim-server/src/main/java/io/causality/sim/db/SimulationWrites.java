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
import java.util.stream.Stream;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.Jdbi;

/**
 * The writes that count usage, each one transaction in plain JDBC on a JDBI handle's connection:
 * the progress of a step (or a player's batch), a create-and-run's new simulation stored already
 * advanced, and a plain create's new simulation. Every acknowledged write is committed durably
 * before the answer.
 *
 * <p>Why not a {@code @Transaction default} method of {@link SimulationChangeDao}, as the other
 * multi-table writes: these are the service's most frequent writes, and JDBI's per-call machinery
 * (attaching each {@code @CreateSqlObject} DAO, a configuration copy and a statement context per
 * statement) was about two fifths of their database time (docs/performance.md, "Simulation HTTP";
 * docs/architecture.md, "Reading the database"). The handle is still JDBI's, so that the {@link
 * ChangeNotice} gets one inside the transaction.
 *
 * <p>The billing period's counting update comes last, just before the commit, so that concurrent
 * requests of one organization hold its usage row's lock for the commit only. When the period's row
 * does not exist yet, the transaction keeps nothing and throws {@link UsagePeriodMissing}; the
 * caller makes the row ({@link UsageDao#ensurePeriod}) and writes again.
 *
 * <p>A run is counted here only, by one statement ({@code COUNT_RUNS}, the runs and their ticks,
 * under the tier's limit) and one rule (the count last in the transaction that stores what the runs
 * are; a refusal keeps nothing), for a plain create (one run, no ticks), a create-and-run (one run
 * and its ticks) and an experiment (all its runs at once, {@link ExperimentWrites}), so that they
 * cannot count differently. A plain create is not on a measured hot path; it is here for that rule.
 * A run an experiment keeps as a simulation ({@link #insertKept}) was counted with its experiment.
 */
public final class SimulationWrites {
  /** What an advance writes on the simulation's row: one line per column. */
  private static final List<Column<SimulationProgress>> PROGRESS =
      List.of(
          Column.of("ticks_computed", SimulationProgress::toTick),
          Column.of("status", SimulationProgress::status),
          Column.of("state_json", SimulationProgress::stateJson),
          Column.of("outcome_b", SimulationProgress::outcomeB),
          Column.of("outcome_lost", SimulationProgress::outcomeLost),
          Column.of("gamma_window", SimulationProgress::gammaWindow),
          Column.of("player", SimulationProgress::player),
          Column.of("updated_at", SimulationProgress::now));

  /**
   * What a new simulation's row takes from its creation; the rest is its {@link #PROGRESS}, and its
   * scenario is a row of its own ({@link #SCENARIO}).
   */
  private static final List<Column<SimulationRow>> CREATION =
      List.of(
          Column.of("id", SimulationRow::id),
          Column.of("organization_id", SimulationRow::organizationId),
          Column.of("scenario_id", SimulationRow::scenarioId),
          Column.of("engine_version", SimulationRow::engineVersion),
          Column.of("input_count", SimulationRow::inputCount),
          Column.of("speed", SimulationRow::speed),
          Column.of("created_at", SimulationRow::createdAt));

  /** What a plain create's new row takes beside its {@link #CREATION}: it has not run. */
  private static final List<Column<SimulationRow>> CREATED_STATE =
      List.of(
          Column.of("ticks_computed", SimulationRow::ticksComputed),
          Column.of("status", SimulationRow::status),
          Column.of("state_json", SimulationRow::stateJson),
          Column.of("gamma_window", SimulationRow::gammaWindow),
          Column.of("updated_at", SimulationRow::updatedAt));

  /**
   * A new simulation's scenario, in a row of its own (changeset 039): the simulations row is
   * updated by every step, and H2 writes a row again whole at each update.
   */
  private static final List<Column<SimulationRow>> SCENARIO =
      List.of(
          Column.of("simulation_id", SimulationRow::id),
          Column.of("scenario_json", SimulationRow::scenarioJson));

  /** The scenario's copy in the simulations row, which the previous version reads. */
  private static final List<Column<SimulationRow>> SCENARIO_IN_ROW =
      List.of(
          Column.of(
              "scenario_json", row -> new String(row.scenarioJson(), StandardCharsets.UTF_8)));

  private static final String INSERT_SCENARIO = Column.insert("simulation_scenarios", SCENARIO);
  private static final String ADVANCE =
      "UPDATE simulations SET "
          + Column.assignments(PROGRESS)
          + ", version = version + 1 WHERE id = ? AND version = ?";
  private static final String COUNT_TICKS =
      "UPDATE usage_periods SET tick_count = tick_count + ?"
          + " WHERE organization_id = ? AND period_start = ?";

  /** Counts runs and their ticks unless the runs would pass the limit (bound: limit - runs). */
  private static final String COUNT_RUNS =
      "UPDATE usage_periods SET simulation_runs = simulation_runs + ?,"
          + " tick_count = tick_count + ? WHERE organization_id = ? AND period_start = ?"
          + " AND simulation_runs <= ?";

  private static final String RUNS_TAKEN =
      "SELECT simulation_runs FROM usage_periods WHERE organization_id = ? AND period_start = ?";

  private final Jdbi jdbi;
  private final List<Column<SimulationRow>> creation;
  private final String insertAdvanced;
  private final String insertCreated;

  /**
   * {@code shared}: instances of the previous version may share the database ({@link
   * io.causality.sim.core.Cluster#shared}, PostgreSQL), so a new simulations row keeps a copy of
   * its scenario, which that version reads there. PostgreSQL stores such a value out of line and
   * does not write it again when the row is updated; on H2 the copy is left out.
   */
  public SimulationWrites(Jdbi jdbi, boolean shared) {
    this.jdbi = jdbi;
    this.creation =
        shared ? Stream.concat(CREATION.stream(), SCENARIO_IN_ROW.stream()).toList() : CREATION;
    this.insertAdvanced =
        "INSERT INTO simulations ("
            + Column.names(creation)
            + ", "
            + Column.names(PROGRESS)
            + ", version) VALUES ("
            + Column.parameters(creation.size() + PROGRESS.size() + 1)
            + ")";
    this.insertCreated =
        "INSERT INTO simulations ("
            + Column.names(creation)
            + ", "
            + Column.names(CREATED_STATE)
            + ") VALUES ("
            + Column.parameters(creation.size() + CREATED_STATE.size())
            + ")";
  }

  /** The billing period has no usage row yet: nothing was kept; make it and write again. */
  public static final class UsagePeriodMissing extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsagePeriodMissing() {
      super(null, null, false, false);
    }
  }

  /**
   * Stores ticks computed over {@code progress.version()}: {@link ChangedMeanwhile} when another
   * writer got there first. Returns the status change, with its seq, when the last tick made one.
   */
  public Optional<StatusChangeRow> storeProgress(SimulationProgress progress, ChangeNotice notice) {
    return inTransaction(
        progress.id(),
        handle -> {
          Connection connection = handle.getConnection();
          if (advance(connection, progress) == 0) {
            throw new ChangedMeanwhile();
          }
          Optional<StatusChangeRow> change = storeTicks(handle, progress, notice, false);
          countTicks(connection, progress);
          return change;
        });
  }

  /**
   * Stores a new simulation ({@code created}, at tick 0 and version 0) already advanced by {@code
   * progress}, counting its run and its ticks in one update: false, keeping nothing, when the
   * period already has {@code maxRuns}. The condition in the update keeps the count exact across
   * concurrent requests and instances.
   */
  public boolean insertAdvanced(
      SimulationRow created, SimulationProgress progress, long maxRuns, ChangeNotice notice) {
    try {
      return inTransaction(
          progress.id(),
          handle -> {
            Connection connection = handle.getConnection();
            insert(connection, created, progress);
            storeTicks(handle, progress, notice, true);
            countRun(
                connection,
                created.organizationId(),
                progress.periodStart(),
                ticks(progress),
                maxRuns);
            return true;
          });
    } catch (RunsUsedUp e) {
      return false;
    }
  }

  /**
   * Stores a run of an experiment as a simulation ({@code keepTraces}), already advanced by {@code
   * progress}, counting nothing: the run was counted with its experiment, its ticks with the chunk
   * of runs it belongs to. False when a simulation with its id is stored already (the run was kept
   * before a crash made its chunk run again).
   */
  public boolean insertKept(
      SimulationRow created, SimulationProgress progress, ChangeNotice notice) {
    try {
      return inTransaction(
          progress.id(),
          handle -> {
            insert(handle.getConnection(), created, progress);
            storeTicks(handle, progress, notice, true);
            return true;
          });
    } catch (IllegalStateException e) {
      if (UniqueViolation.in(e)) {
        return false;
      }
      throw e;
    }
  }

  /**
   * Stores a new simulation as created (tick 0, version 0), counting its run in the period that
   * starts at {@code periodStart}: false, keeping nothing, when the period already has {@code
   * maxRuns}.
   */
  public boolean insertCreated(SimulationRow created, Instant periodStart, long maxRuns) {
    try {
      return inTransaction(
          created.id(),
          handle -> {
            Connection connection = handle.getConnection();
            insertCreated(connection, created);
            countRun(connection, created.organizationId(), periodStart, 0, maxRuns);
            return true;
          });
    } catch (RunsUsedUp e) {
      return false;
    }
  }

  /**
   * One transaction; a failure of the database is unexpected (the caller answers 500) and keeps
   * nothing.
   */
  private <T> T inTransaction(UUID simulation, HandleCallback<T, SQLException> work) {
    try {
      return jdbi.inTransaction(work);
    } catch (SQLException e) {
      throw new IllegalStateException("Storing simulation " + simulation + " failed", e);
    }
  }

  /** Thrown inside the transaction so that it keeps nothing. */
  static final class RunsUsedUp extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RunsUsedUp() {
      super(null, null, false, false);
    }
  }

  private static int advance(Connection connection, SimulationProgress progress)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(ADVANCE)) {
      int next = Column.bind(statement, 1, PROGRESS, progress);
      Parameters.bind(statement, next, progress.id(), progress.version());
      return statement.executeUpdate();
    }
  }

  private void insert(Connection connection, SimulationRow created, SimulationProgress p)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(insertAdvanced)) {
      int next = Column.bind(statement, 1, creation, created);
      next = Column.bind(statement, next, PROGRESS, p);
      Parameters.bind(statement, next, p.version() + 1);
      statement.executeUpdate();
    }
    insertScenario(connection, created);
  }

  private static void insertScenario(Connection connection, SimulationRow created)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(INSERT_SCENARIO)) {
      Column.bind(statement, 1, SCENARIO, created);
      LargeValues.executeUpdate(statement);
    }
  }

  /** The notice, prophecies, snapshot and status change of the ticks, in the transaction. */
  private static Optional<StatusChangeRow> storeTicks(
      Handle handle, SimulationProgress progress, ChangeNotice notice, boolean first)
      throws SQLException {
    Connection connection = handle.getConnection();
    notice.changed(handle, progress.id());
    TickRows.insertProphecies(connection, progress.prophecies());
    TickRows.insertSnapshots(connection, progress);
    if (progress.statusChange() == null) {
      return Optional.empty();
    }
    StatusChangeRow change = progress.statusChange();
    int seq = first ? 0 : TickRows.nextStatusSeq(connection, progress.id());
    StatusChangeRow numbered = change.withSeq(seq);
    TickRows.insertStatusChange(connection, numbered);
    return Optional.of(numbered);
  }

  private void insertCreated(Connection connection, SimulationRow created) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(insertCreated)) {
      int next = Column.bind(statement, 1, creation, created);
      Column.bind(statement, next, CREATED_STATE, created);
      statement.executeUpdate();
    }
    insertScenario(connection, created);
  }

  private static void countTicks(Connection connection, SimulationProgress progress)
      throws SQLException {
    countTicks(connection, progress.organizationId(), progress.periodStart(), ticks(progress));
  }

  /** Counts ticks computed in the period; {@link UsagePeriodMissing} when it has no row yet. */
  static void countTicks(Connection connection, UUID organization, Instant periodStart, long ticks)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(COUNT_TICKS)) {
      Parameters.bind(statement, 1, ticks, organization, periodStart);
      if (statement.executeUpdate() == 0) {
        throw new UsagePeriodMissing();
      }
    }
  }

  /** Counts one run and its ticks; {@link RunsUsedUp} or {@link UsagePeriodMissing} if not. */
  private static void countRun(
      Connection connection, UUID organization, Instant periodStart, long ticks, long maxRuns)
      throws SQLException {
    countRuns(connection, organization, periodStart, 1, ticks, maxRuns);
  }

  /**
   * Counts {@code runs} runs and their ticks in the period, unless that would pass {@code maxRuns}:
   * {@link RunsUsedUp} or {@link UsagePeriodMissing} then, and the caller's transaction keeps
   * nothing.
   */
  static void countRuns(
      Connection connection,
      UUID organization,
      Instant periodStart,
      long runs,
      long ticks,
      long maxRuns)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(COUNT_RUNS)) {
      Parameters.bind(statement, 1, runs, ticks, organization, periodStart, maxRuns - runs);
      if (statement.executeUpdate() == 1) {
        return;
      }
    }
    // No row matched: the runs are used up, or the period's row is missing, or another
    // transaction made it after this statement began (read committed); the last two retry.
    throw runsTaken(connection, organization, periodStart) >= maxRuns
        ? new RunsUsedUp()
        : new UsagePeriodMissing();
  }

  private static long ticks(SimulationProgress progress) {
    return progress.toTick() - progress.fromTick();
  }

  /**
   * Only on the rare refusal: the period's runs as committed now, or -1 without a row, to tell the
   * used-up runs from a missing period.
   */
  private static long runsTaken(Connection connection, UUID organization, Instant start)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(RUNS_TAKEN)) {
      Parameters.bind(statement, 1, organization, start);
      try (ResultSet row = statement.executeQuery()) {
        return row.next() ? row.getLong(1) : -1;
      }
    }
  }
}
