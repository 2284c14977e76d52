package io.causality.sim.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimProcess;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same definition gives the same bytes of runs and aggregates (docs/experiments.md,
 * "Determinism"), whoever runs it: one instance with one worker (the reference); the built jar with
 * two workers, killed with SIGKILL while it runs and started again on its files; and, on
 * PostgreSQL, two instances of two workers each, one of them killed with SIGKILL half way, the
 * other re-running what the dead one held. No run is lost or counted twice: the usage counts every
 * run once and every run's ticks once.
 */
class ExperimentDeterminismIntegrationTest {
  private static final Duration LIMIT = Duration.ofMinutes(3);

  /** 3 x 2 combinations x 8 replications of chaos-storm, 1,500 ticks: a few seconds of work. */
  static final String DEFINITION =
      """
      {"scenarioId": "chaos-storm",
       "parameters": {"agents[*].policy.lambda": {"from": 0.5, "to": 3.5, "steps": 3},
                      "rules.zeroSumAttractorCapture": [false, true]},
       "replications": 8, "ticks": 1500,
       "collect": {"series": ["b", "lost", "meanGamma"], "every": 100}}
      """;

  private static final int RUNS = 48;

  /** Fast leases, so that a dead worker's chunks are given again within a second or two. */
  private static final Map<String, String> WORKERS =
      Map.of(
          "experiments.workers", "2",
          "experiments.pollInterval", "50 milliseconds",
          "experiments.heartbeatInterval", "200 milliseconds",
          "experiments.missedHeartbeats", "4",
          "rateLimits.enabled", "false");

  private static Outputs reference;

  @BeforeAll
  static void oneWorkerOnOneInstance() throws Exception {
    DropwizardTestSupport<SimConfiguration> app =
        new DropwizardTestSupport<>(
            SimApplication.class,
            ResourceHelpers.resourceFilePath("configs/minimal.yml"),
            overrides(
                SimTestFixture.databaseOverrides(SimTestFixture.tempDirectory().resolve("sim")),
                Map.of("experiments.workers", "1", "rateLimits.enabled", "false")));
    app.before();
    try {
      OrganizationAdmin admin =
          new OrganizationAdmin(
              SimTestFixture.jdbi(app.getConfiguration().buildDataSourceFactory()),
              Clock.systemUTC(),
              new SecureRandom());
      String key = key(admin);
      String id = Outputs.submit(app.getLocalPort(), key, DEFINITION);
      Outputs.awaitCompleted(app.getLocalPort(), key, id, LIMIT);
      reference = Outputs.read(app.getLocalPort(), key, id);
    } finally {
      app.after();
    }
    assertThat(reference.ndjson().split("\n")).hasSize(RUNS);
  }

  @Test
  void aKilledAndRestartedInstanceGivesTheSameBytes() throws Exception {
    try (SimProcess process = SimProcess.create(settings(Map.of()))) {
      String key = process.createApiKey("determinism", "strategic");
      process.start();
      String id = Outputs.submit(process.port(), key, DEFINITION);
      awaitSomeDone(process.port(), key, id);
      process.kill();
      process.start();
      Outputs.awaitCompleted(process.port(), key, id, LIMIT);
      assertThat(Outputs.read(process.port(), key, id)).isEqualTo(reference);
    }
  }

  @Test
  void twoInstancesOfTwoWorkersOneKilledGiveTheSameBytesAndCountEachRunOnce() throws Exception {
    try (PostgresTestDatabase database = PostgresTestDatabase.create()) {
      Map<String, String> shared = new LinkedHashMap<>(database.databaseSettings());
      shared.putAll(SimTestFixture.jwtSettings());
      shared.put(
          "admin.tokenFile", SimTestFixture.tempDirectory().resolve("sim.admin-token").toString());
      DropwizardTestSupport<SimConfiguration> survivor =
          new DropwizardTestSupport<>(
              SimApplication.class,
              ResourceHelpers.resourceFilePath("configs/minimal.yml"),
              overrides(List.of(), merged(shared, WORKERS)));
      survivor.before();
      try (SimProcess doomed = SimProcess.create(settings(shared)).start()) {
        OrganizationAdmin admin =
            new OrganizationAdmin(
                Jdbi.create(database.url(), database.user(), database.password())
                    .installPlugin(new SqlObjectPlugin()),
                Clock.systemUTC(),
                new SecureRandom());
        String key = key(admin);
        String id = Outputs.submit(survivor.getLocalPort(), key, DEFINITION);
        awaitSomeDone(doomed.port(), key, id);
        doomed.kill();
        Outputs.awaitCompleted(survivor.getLocalPort(), key, id, LIMIT);
        assertThat(Outputs.read(survivor.getLocalPort(), key, id)).isEqualTo(reference);
        JsonNode usage = usage(survivor.getLocalPort(), admin, key);
        assertThat(usage.get("simulationRuns").asLong()).isEqualTo(RUNS);
        assertThat(usage.get("tickCount").asLong()).isEqualTo(RUNS * 1_500L);
      } finally {
        survivor.after();
      }
    }
  }

  private static JsonNode usage(int port, OrganizationAdmin admin, String key) throws Exception {
    JsonNode experiments =
        ExperimentsFixture.JSON.readTree(
            Outputs.send(port, key, "GET", "/v1/experiments", null, "application/json").body());
    String organization = experiments.get("data").get(0).get("organizationId").asText();
    return ExperimentsFixture.JSON.readTree(
        Outputs.send(
                port,
                key,
                "GET",
                "/v1/organizations/" + organization + "/usage/summary",
                null,
                "application/json")
            .body());
  }

  /** Waits until some runs are stored and many are not: the kill falls in the middle. */
  private static void awaitSomeDone(int port, String key, String id) {
    Await.until(
        "experiment " + id + " has stored some runs",
        LIMIT,
        () -> {
          int done = Outputs.experiment(port, key, id).get("progress").get("done").asInt();
          return done >= 4;
        });
    int done =
        Await.value(
            "progress",
            LIMIT,
            () ->
                java.util.Optional.of(
                    Outputs.experiment(port, key, id).get("progress").get("done").asInt()));
    assertThat(done).as("the kill must come before the end").isLessThan(RUNS);
  }

  private static String key(OrganizationAdmin admin) {
    OrganizationRow org = SimTestFixture.organization(admin, "strategic");
    return admin.createApiKey(org.slug(), "simulation:read,simulation:write,usage:read").key();
  }

  private static String[] settings(Map<String, String> extra) {
    List<String> settings = new ArrayList<>();
    merged(extra, WORKERS).forEach((k, v) -> settings.add(k + "=" + v));
    return settings.toArray(String[]::new);
  }

  private static Map<String, String> merged(Map<String, String> first, Map<String, String> then) {
    Map<String, String> all = new LinkedHashMap<>(first);
    all.putAll(then);
    return all;
  }

  private static ConfigOverride[] overrides(
      List<ConfigOverride> database, Map<String, String> settings) {
    List<ConfigOverride> all = new ArrayList<>(database);
    settings.forEach((k, v) -> all.add(ConfigOverride.config(k, v)));
    return all.toArray(ConfigOverride[]::new);
  }
}
