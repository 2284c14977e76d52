package io.causality.sim.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.output.StateSnapshot;
import java.io.IOException;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/**
 * The database part of the least work of create-and-run and of a step (RunWorkBaseline), and of a
 * create and a step at scale (SimulationScaleCost): the raw JDBC transactions that make a 2xx
 * survive a SIGKILL, on the service's own schema and database settings (an H2 file with {@code
 * WRITE_DELAY=0;AUTO_SERVER=TRUE}, migrated by the service's changelog: ops/bench/sim-http and
 * sim-scale make it with {@code org create}), one connection, each transaction committed durably.
 *
 * <ul>
 *   <li>a step: the simulation's new state and tick over the version read (the conditional update
 *       that keeps two writers apart), its prophecies, a snapshot when the ticks cross the shipped
 *       interval (1,000), and the ticks counted in the billing period;
 *   <li>a create-and-run: the run counted with the quota's condition and its ticks in one update,
 *       the new simulation inserted already advanced (its scenario in a row of its own, as the
 *       service's schema has it since changeset 039), its prophecies and the journal entry of its
 *       status (created, then paused by the ticks: what the event stream is derived from);
 *   <li>a create: the run counted with the quota's condition, the new simulation inserted at tick 0
 *       with its state and its scenario's bytes.
 * </ul>
 *
 * <p>No reads but the version a step writes over, no checks, JSON or framework. Public for the
 * scale driver, in another package.
 */
public final class DurableProgress implements AutoCloseable {
  /** What the engine gave, to be stored: the state, prophecies and (rarely) a snapshot. */
  public record Progress(long toTick, String stateJson, List<String> prophecies, byte[] snapshot) {}

  private static final JsonFactory JSON = new JsonFactory();
  private static final int SNAPSHOT_INTERVAL = 1_000;
  private static final long MAX_RUNS = Long.MAX_VALUE;
  private static final String ADVANCE =
      "UPDATE simulations SET ticks_computed = ?, status = ?, state_json = ?, player = ?,"
          + " updated_at = ?, version = version + 1 WHERE id = ? AND version = ?";
  private static final String COUNT_TICKS =
      "UPDATE usage_periods SET tick_count = tick_count + ?"
          + " WHERE organization_id = ? AND period_start = ?";
  private static final String COUNT_RUN =
      "UPDATE usage_periods SET simulation_runs = simulation_runs + 1,"
          + " tick_count = tick_count + ? WHERE organization_id = ? AND period_start = ?"
          + " AND simulation_runs < ?";
  private static final String INSERT =
      "INSERT INTO simulations (id, organization_id, scenario_id, engine_version, status,"
          + " ticks_computed, input_count, speed, state_json, created_at, updated_at, version,"
          + " player) VALUES (?, ?, ?, ?, ?, ?, 0, 1.0, ?, ?, ?, 1, NULL)";
  private static final String INSERT_SCENARIO =
      "INSERT INTO simulation_scenarios (simulation_id, scenario_json) VALUES (?, ?)";
  private static final String PROPHECY =
      "INSERT INTO prophecies (id, simulation_id, seq, tick, data, created_at)"
          + " VALUES (?, ?, ?, ?, ?, ?)";
  private static final String SNAPSHOT =
      "INSERT INTO simulation_snapshots (simulation_id, tick, snapshot, created_at)"
          + " VALUES (?, ?, ?, ?)";
  private static final String STATUS_CHANGE =
      "INSERT INTO simulation_status_changes (simulation_id, seq, tick, input_count, status,"
          + " previous, reason, speed, created_at) VALUES (?, 0, ?, 0, 'paused', 'created',"
          + " 'step', 1.0, ?)";
  private static final String COUNT_CREATED =
      "UPDATE usage_periods SET simulation_runs = simulation_runs + 1"
          + " WHERE organization_id = ? AND period_start = ? AND simulation_runs < ?";

  private final Connection connection;
  private final UUID organization;
  private final Timestamp periodStart;
  private final byte[] scenarioJson;
  private final String engineVersion;
  private UUID stepped;
  private long version;
  private int stepProphecies;

  /** {@code scenarioJson}: the scenario's canonical UTF-8 bytes, as the service stores them. */
  public DurableProgress(
      String url, String password, String slug, byte[] scenarioJson, String engineVersion)
      throws SQLException {
    this.connection = DriverManager.getConnection(url, "sa", password);
    this.scenarioJson = scenarioJson;
    this.engineVersion = engineVersion;
    this.organization = organization(slug);
    YearMonth month = YearMonth.now(ZoneOffset.UTC);
    this.periodStart = Timestamp.from(month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC));
    ensurePeriod(month);
    connection.setAutoCommit(false);
  }

  /** Untimed: a new simulation at tick 0 for the steps to advance. */
  public void startStepping(String stateJson) throws SQLException {
    stepped = UUID.randomUUID();
    insert(stepped, "created", 0, stateJson, scenarioJson, Timestamp.from(Instant.now()));
    connection.commit();
    version = 1;
    stepProphecies = 0;
  }

  /** A step's transaction, from {@code fromTick}. */
  public void step(long fromTick, Progress progress) throws SQLException {
    Timestamp now = Timestamp.from(Instant.now());
    try {
      int advanced =
          update(
              ADVANCE,
              progress.toTick(),
              "paused",
              progress.stateJson(),
              null,
              now,
              stepped,
              version);
      if (advanced != 1) {
        throw new IllegalStateException("the stepped simulation changed meanwhile");
      }
      stepProphecies += prophecies(stepped, stepProphecies, progress, now);
      if (fromTick / SNAPSHOT_INTERVAL != progress.toTick() / SNAPSHOT_INTERVAL) {
        update(SNAPSHOT, stepped, progress.toTick(), progress.snapshot(), now);
      }
      update(COUNT_TICKS, progress.toTick() - fromTick, organization, periodStart);
      connection.commit();
      version++;
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    }
  }

  /**
   * A plain create's transaction: the run counted with the quota's condition, the new simulation
   * inserted at tick 0 with its state and {@code scenario} (canonical UTF-8 bytes).
   */
  public void create(byte[] scenario, String stateJson) throws SQLException {
    Timestamp now = Timestamp.from(Instant.now());
    try {
      if (update(COUNT_CREATED, organization, periodStart, MAX_RUNS) != 1) {
        throw new IllegalStateException("the runs are used up");
      }
      insert(UUID.randomUUID(), "created", 0, stateJson, scenario, now);
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    }
  }

  /** A create-and-run's transaction: the new simulation already advanced. */
  public void run(Progress progress) throws SQLException {
    Timestamp now = Timestamp.from(Instant.now());
    UUID id = UUID.randomUUID();
    try {
      if (update(COUNT_RUN, progress.toTick(), organization, periodStart, MAX_RUNS) != 1) {
        throw new IllegalStateException("the runs are used up");
      }
      insert(id, "paused", progress.toTick(), progress.stateJson(), scenarioJson, now);
      prophecies(id, 0, progress, now);
      update(STATUS_CHANGE, id, progress.toTick(), now);
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    }
  }

  /** Whether the next step would cross a snapshot tick (the caller then takes one). */
  public static boolean snapshotDue(long fromTick, long toTick) {
    return fromTick / SNAPSHOT_INTERVAL != toTick / SNAPSHOT_INTERVAL;
  }

  private void insert(
      UUID id, String status, long ticks, String stateJson, byte[] scenario, Timestamp now)
      throws SQLException {
    update(
        INSERT,
        id,
        organization,
        "stable-basins",
        engineVersion,
        status,
        ticks,
        stateJson,
        now,
        now);
    update(INSERT_SCENARIO, id, scenario);
  }

  /** Inserts the prophecies numbered from {@code seq}; returns how many. */
  private int prophecies(UUID id, int seq, Progress progress, Timestamp now) throws SQLException {
    List<String> prophecies = progress.prophecies();
    if (prophecies.isEmpty()) {
      return 0;
    }
    try (PreparedStatement statement = connection.prepareStatement(PROPHECY)) {
      for (int i = 0; i < prophecies.size(); i++) {
        bind(statement, UUID.randomUUID(), id, seq + i, progress.toTick(), prophecies.get(i), now);
        statement.addBatch();
      }
      statement.executeBatch();
    }
    return prophecies.size();
  }

  private UUID organization(String slug) throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement("SELECT id FROM organizations WHERE slug = ?")) {
      statement.setString(1, slug);
      try (ResultSet row = statement.executeQuery()) {
        if (!row.next()) {
          throw new IllegalStateException("no organization " + slug);
        }
        return row.getObject(1, UUID.class);
      }
    }
  }

  private void ensurePeriod(YearMonth month) throws SQLException {
    Timestamp end =
        Timestamp.from(month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC));
    if (update(
            "UPDATE usage_periods SET tick_count = tick_count"
                + " WHERE organization_id = ? AND period_start = ?",
            organization,
            periodStart)
        == 0) {
      update(
          "INSERT INTO usage_periods (organization_id, period_start, period_end) VALUES (?, ?, ?)",
          organization,
          periodStart,
          end);
    }
  }

  private int update(String sql, Object... values) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      bind(statement, values);
      return statement.executeUpdate();
    }
  }

  private static void bind(PreparedStatement statement, Object... values) throws SQLException {
    for (int i = 0; i < values.length; i++) {
      statement.setObject(i + 1, values[i]);
    }
  }

  /** The state's JSON as the service stores it in the simulations row. */
  public static String stateJson(StateSnapshot state) throws IOException {
    StringWriter text = new StringWriter();
    try (JsonGenerator gen = JSON.createGenerator(text)) {
      state.writeJson(gen);
    }
    return text.toString();
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
