package io.causality.sim.db;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.Define;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Simulations. Every change is written with a condition on the version read, so two writers
 * (threads or instances) can never both change the same simulation from the same state.
 */
@RegisterRowMapper(SimulationRowMapper.class)
public interface SimulationDao {
  @SqlQuery("SELECT " + SimulationRowMapper.COLUMNS + " FROM simulations WHERE id = :id")
  Optional<SimulationRow> find(UUID id);

  /**
   * The scenario, from its own row; from the simulations row for a simulation that an instance of
   * the previous version created (changeset 039).
   */
  @SqlQuery(
      """
      SELECT c.scenario_json AS own_row, s.scenario_json AS in_row FROM simulations s
      LEFT JOIN simulation_scenarios c ON c.simulation_id = s.id WHERE s.id = :id
      """)
  @RegisterRowMapper(StoredScenarioMapper.class)
  Optional<String> scenarioOf(UUID id);

  /** The same, as its UTF-8 bytes. */
  @SqlQuery(
      """
      SELECT c.scenario_json AS own_row, s.scenario_json AS in_row FROM simulations s
      LEFT JOIN simulation_scenarios c ON c.simulation_id = s.id WHERE s.id = :id
      """)
  @RegisterRowMapper(StoredScenarioMapper.Bytes.class)
  Optional<byte[]> scenarioBytesOf(UUID id);

  /** The stored scenario's size in bytes, without reading it (0 for no simulation). */
  @SqlQuery(
      """
      SELECT COALESCE(OCTET_LENGTH(c.scenario_json), OCTET_LENGTH(s.scenario_json), 0)
      FROM simulations s LEFT JOIN simulation_scenarios c ON c.simulation_id = s.id
      WHERE s.id = :id
      """)
  Optional<Long> scenarioBytes(UUID id);

  /** Whose the simulation is: all an access check needs (not the scenario's large column). */
  @SqlQuery("SELECT organization_id FROM simulations WHERE id = :id")
  Optional<UUID> organizationOf(UUID id);

  /**
   * A page of summaries in the given statuses (wire names), in {@code order}: a list shows no
   * scenario, so its large column is not read.
   */
  @SqlQuery(
      "SELECT "
          + SimulationSummaryMapper.COLUMNS
          + """
       FROM simulations WHERE organization_id IN (<organizations>) AND status IN (<statuses>)
      ORDER BY <order> LIMIT :limit OFFSET :offset
      """)
  @RegisterRowMapper(SimulationSummaryMapper.class)
  List<SimulationSummary> page(
      @BindList("organizations") Collection<UUID> organizations,
      @BindList("statuses") Collection<String> statuses,
      @Define ListOrder order,
      int limit,
      long offset);

  /** One simulation's summary, name and note included, as the list reads them. */
  @SqlQuery("SELECT " + SimulationSummaryMapper.COLUMNS + " FROM simulations WHERE id = :id")
  @RegisterRowMapper(SimulationSummaryMapper.class)
  Optional<SimulationSummary> findSummary(UUID id);

  /** Sets a simulation's name and note (null clears); 0 rows when there is no such simulation. */
  @SqlUpdate("UPDATE simulations SET label = :label, note = :note WHERE id = :id")
  int annotate(UUID id, String label, String note);

  @SqlQuery(
      "SELECT COUNT(*) FROM simulations "
          + "WHERE organization_id IN (<organizations>) AND status IN (<statuses>)")
  long count(
      @BindList("organizations") Collection<UUID> organizations,
      @BindList("statuses") Collection<String> statuses);

  /** The simulations in a status: at startup, those a stopped process left running. */
  @SqlQuery("SELECT id FROM simulations WHERE status = :status ORDER BY id")
  List<UUID> idsWithStatus(String status);

  /**
   * Keeps a gamma window computed again for a simulation that had none, unless it changed
   * meanwhile. The window follows from the state of {@code version}, so the version stays: derived
   * data, not a change.
   */
  @SqlUpdate(
      """
      UPDATE simulations SET gamma_window = :gammaWindow
      WHERE id = :id AND version = :version AND gamma_window IS NULL
      """)
  int fillGammaWindow(UUID id, long version, String gammaWindow);

  /** Counts one more input; 0 rows means the simulation changed meanwhile. */
  @SqlUpdate(
      """
      UPDATE simulations SET input_count = input_count + 1, updated_at = :now,
                             version = version + 1
      WHERE id = :id AND version = :version
      """)
  int addInput(UUID id, long version, Instant now);

  /** A new status, speed and player; 0 rows means the simulation changed meanwhile. */
  @SqlUpdate(
      """
      UPDATE simulations SET status = :status, speed = :speed, player = :player,
                             updated_at = :now, version = version + 1
      WHERE id = :id AND version = :version
      """)
  int changeStatus(UUID id, long version, String status, double speed, String player, Instant now);

  /** The running simulations and who plays them, to find those nobody plays any more. */
  @SqlQuery(
      "SELECT "
          + SimulationRowMapper.COLUMNS
          + " FROM simulations WHERE status = :status ORDER BY id")
  List<SimulationRow> withStatus(String status);
}
