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
 * Changesets 039 and 040 on a database with simulations and experiments already: their scenarios
 * stay readable. H2 moves them out of the simulations and experiments rows at once (one instance,
 * nothing of the previous version reads it after the upgrade); PostgreSQL leaves them where the
 * previous version, still running beside this one during a rolling upgrade, reads them, and this
 * version reads them there too.
 */
class ScenarioMigrationIntegrationTest {
  private static final Instant NOW = Instant.parse("2026-11-28T06:00:00Z");
  private static final String SCENARIO = "{\"agents\":[],\"name\":\"naïve ✓\"}";

  /** A simulation and an experiment, each with the scenario in its row. */
  private record Stored(UUID simulation, UUID experiment) {}

  @Test
  void onH2TheScenariosMoveToTheirOwnTables() throws Exception {
    ManagedDataSource dataSource =
        PartialMigrations.h2("scenarios").build(new MetricRegistry(), "scenarios-test");
    try {
      Jdbi jdbi = migratedAround(dataSource);
      Stored before = storedBefore039(jdbi);

      StartupMigrations.apply(dataSource);

      assertReadable(jdbi, before);
      assertThat(inRow(jdbi, "simulations", before.simulation())).isNull();
      assertThat(inRow(jdbi, "experiments", before.experiment())).isNull();
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
        Stored before = storedBefore039(jdbi);

        StartupMigrations.apply(dataSource);

        assertReadable(jdbi, before);
        assertThat(inRow(jdbi, "simulations", before.simulation())).isEqualTo(SCENARIO);
        assertThat(inRow(jdbi, "experiments", before.experiment())).isEqualTo(SCENARIO);
        assertReadable(jdbi, storedBefore039(jdbi));
      } finally {
        dataSource.stop();
      }
    }
  }

  private static void assertReadable(Jdbi jdbi, Stored stored) {
    Optional<String> simulation =
        jdbi.withExtension(SimulationDao.class, dao -> dao.scenarioOf(stored.simulation()));
    Optional<String> experiment =
        jdbi.withExtension(ExperimentDao.class, dao -> dao.scenarioOf(stored.experiment()));
    assertThat(simulation).contains(SCENARIO);
    assertThat(experiment).contains(SCENARIO);
  }

  /** Migrates up to 039, leaving it and what follows pending. */
  private static Jdbi migratedAround(ManagedDataSource dataSource) throws Exception {
    PartialMigrations.upTo(dataSource, "039-");
    return Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
  }

  /** As the version before 039 stores them: the scenario in the row. */
  private static Stored storedBefore039(Jdbi jdbi) {
    UUID organization = UUID.randomUUID();
    jdbi.useExtension(
        OrganizationDao.class,
        dao -> dao.insertOrganization(organization, "Org", "org-" + organization, NOW));
    Stored stored = new Stored(UUID.randomUUID(), UUID.randomUUID());
    jdbi.useHandle(
        handle -> {
          handle
              .createUpdate(
                  """
                  INSERT INTO simulations (id, organization_id, scenario_id, scenario_json,
                    engine_version, status, ticks_computed, input_count, speed, state_json,
                    created_at, updated_at)
                  VALUES (:id, :organization, NULL, :scenario, '1.0.0', 'created', 0, 0, 1.0,
                    '{}', :now, :now)
                  """)
              .bind("id", stored.simulation())
              .bind("organization", organization)
              .bind("scenario", SCENARIO)
              .bind("now", NOW)
              .execute();
          handle
              .createUpdate(
                  """
                  INSERT INTO experiments (id, organization_id, status, scenario_id,
                    engine_version, scenario_json, plan_json, total_runs, chunk_size,
                    created_at, updated_at)
                  VALUES (:id, :organization, 'queued', NULL, '1.0.0', :scenario, '{}', 1, 1,
                    :now, :now)
                  """)
              .bind("id", stored.experiment())
              .bind("organization", organization)
              .bind("scenario", SCENARIO)
              .bind("now", NOW)
              .execute();
        });
    return stored;
  }

  private static String inRow(Jdbi jdbi, String table, UUID id) {
    return jdbi.withHandle(
        handle ->
            handle
                .createQuery("SELECT scenario_json FROM " + table + " WHERE id = :id")
                .bind("id", id)
                .mapTo(String.class)
                .one());
  }
}
