package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.db.StartupMigrations;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.testing.PartialMigrations;
import io.dropwizard.db.ManagedDataSource;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.Test;

/**
 * Changeset 039 on a database with simulations already: their scenarios stay readable. H2 moves
 * them out of the simulations row at once (one instance, nothing of the previous version reads it
 * after the upgrade); PostgreSQL leaves them where the previous version, still running beside this
 * one during a rolling upgrade, reads them, and this version reads them there too.
 */
class ScenarioMigrationIntegrationTest {
  private static final Instant NOW = Instant.parse("2026-11-28T06:00:00Z");
  private static final String SCENARIO = "{\"agents\":[],\"name\":\"naïve ✓\"}";

  @Test
  void onH2TheScenariosMoveToTheirOwnTable() throws Exception {
    ManagedDataSource dataSource =
        PartialMigrations.h2("scenarios").build(new MetricRegistry(), "scenarios-test");
    try {
      Jdbi jdbi = migratedAround(dataSource);
      UUID before = storedBefore039(jdbi);

      StartupMigrations.apply(dataSource);

      assertThat(scenarioOf(jdbi, before)).contains(SCENARIO);
      assertThat(inSimulationsRow(jdbi, before)).isNull();
    } finally {
      dataSource.stop();
    }
  }

  @Test
  void onPostgresqlTheScenariosStayWhereThePreviousVersionReadsThem() throws Exception {
    try (PostgresTestDatabase database = PostgresTestDatabase.create()) {
      ManagedDataSource dataSource =
          PartialMigrations.postgres(database).build(new MetricRegistry(), "scenarios-test");
      try {
        Jdbi jdbi = migratedAround(dataSource);
        UUID before = storedBefore039(jdbi);

        StartupMigrations.apply(dataSource);

        assertThat(scenarioOf(jdbi, before)).contains(SCENARIO);
        assertThat(inSimulationsRow(jdbi, before)).isEqualTo(SCENARIO);
        UUID duringTheUpgrade = storedBefore039(jdbi);
        assertThat(scenarioOf(jdbi, duringTheUpgrade)).contains(SCENARIO);
      } finally {
        dataSource.stop();
      }
    }
  }

  /** Migrates up to 039, leaving it and what follows pending. */
  private static Jdbi migratedAround(ManagedDataSource dataSource) throws Exception {
    PartialMigrations.upTo(dataSource, "039-");
    return Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
  }

  /** A simulation as the version before 039 stores it: its scenario in the simulations row. */
  private static UUID storedBefore039(Jdbi jdbi) {
    UUID organization = UUID.randomUUID();
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> dao.insertOrganization(organization, "Org", "org-" + organization, NOW));
    UUID id = UUID.randomUUID();
    jdbi.useHandle(
        handle ->
            handle
                .createUpdate(
                    """
                    INSERT INTO simulations (id, organization_id, scenario_id, scenario_json,
                      engine_version, status, ticks_computed, input_count, speed, state_json,
                      created_at, updated_at)
                    VALUES (:id, :organization, NULL, :scenario, '1.0.0', 'created', 0, 0, 1.0,
                      '{}', :now, :now)
                    """)
                .bind("id", id)
                .bind("organization", organization)
                .bind("scenario", SCENARIO)
                .bind("now", NOW)
                .execute());
    return id;
  }

  private static Optional<String> scenarioOf(Jdbi jdbi, UUID id) {
    return jdbi.withExtension(SimulationDao.class, dao -> dao.scenarioOf(id));
  }

  private static String inSimulationsRow(Jdbi jdbi, UUID id) {
    return jdbi.withHandle(
        handle ->
            handle
                .createQuery("SELECT scenario_json FROM simulations WHERE id = :id")
                .bind("id", id)
                .mapTo(String.class)
                .one());
  }
}
