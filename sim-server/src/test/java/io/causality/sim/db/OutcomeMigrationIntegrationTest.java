package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.db.StartupMigrations;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.api.RawJson;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import io.causality.sim.testing.PartialMigrations;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;

/**
 * Changesets 020 and 021 on a database that has simulations already: those computed before get
 * their outcome (b and the agents lost) from their state, those without a tick get none. On H2, and
 * on PostgreSQL when one is configured.
 */
class OutcomeMigrationIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

  @Test
  void simulationsComputedBeforeTheColumnsGetTheirOutcomeOnH2() throws Exception {
    migrateAround(PartialMigrations.h2("outcome"));
  }

  @Test
  void simulationsComputedBeforeTheColumnsGetTheirOutcomeOnPostgresql() throws Exception {
    try (PostgresTestDatabase database = PostgresTestDatabase.create()) {
      migrateAround(PartialMigrations.postgres(database));
    }
  }

  /** Migrates up to 020, stores simulations as the version before it did, then migrates on. */
  private static void migrateAround(DataSourceFactory factory) throws Exception {
    ManagedDataSource dataSource = factory.build(new MetricRegistry(), "outcome-test");
    try {
      PartialMigrations.upTo(dataSource, "020-");
      Jdbi jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
      UUID organization = UUID.randomUUID();
      jdbi.useExtension(
          OrganizationDao.class,
          dao -> dao.insertOrganization(organization, "Outcome", "outcome-" + organization, NOW));
      Simulation simulation = simulation(120);
      String computed = stored(jdbi, organization, simulation, 120);
      String created = stored(jdbi, organization, simulation(0), 0);

      StartupMigrations.apply(dataSource);

      JsonNode state = JSON.readTree(RawJson.of(simulation.state()::writeJson).json());
      assertThat(outcome(jdbi, computed))
          .containsExactly(state.get("b").asDouble(), state.get("agents").get("lost").asInt());
      assertThat(state.get("agents").get("lost").asInt()).isPositive();
      assertThat(outcome(jdbi, created)).containsExactly(null, null);
    } finally {
      dataSource.stop();
    }
  }

  /** collapse-cascade after some ticks: agents lost, b well below 1. */
  private static Simulation simulation(int ticks) {
    Simulation simulation =
        EngineRegistry.standard()
            .latest()
            .newSimulation(ScenarioCatalog.standard().find("collapse-cascade").orElseThrow());
    simulation.advance(ticks, EngineListener.NONE);
    return simulation;
  }

  /** A row as the service stored it before 020: its state, no outcome columns. */
  private static String stored(Jdbi jdbi, UUID organization, Simulation simulation, int ticks) {
    UUID id = UUID.randomUUID();
    jdbi.useHandle(
        handle ->
            handle
                .createUpdate(
                    """
                    INSERT INTO simulations (id, organization_id, scenario_id, scenario_json,
                      engine_version, status, ticks_computed, input_count, speed, state_json,
                      created_at, updated_at)
                    VALUES (:id, :organization, 'collapse-cascade', '{}', '1.0.0', :status,
                      :ticks, 0, 1.0, :state, :now, :now)
                    """)
                .bind("id", id)
                .bind("organization", organization)
                .bind("status", ticks == 0 ? "created" : "paused")
                .bind("ticks", ticks)
                .bind("state", RawJson.of(simulation.state()::writeJson).json())
                .bind("now", NOW)
                .execute());
    return id.toString();
  }

  private static List<Object> outcome(Jdbi jdbi, String id) {
    return jdbi.withHandle(
        handle ->
            handle
                .createQuery("SELECT outcome_b, outcome_lost FROM simulations WHERE id = :id")
                .bind("id", UUID.fromString(id))
                .map(
                    (rs, ctx) ->
                        java.util.Arrays.asList(
                            (Object) rs.getObject("outcome_b", Double.class),
                            rs.getObject("outcome_lost", Integer.class)))
                .one());
  }
}
