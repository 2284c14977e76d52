package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.SimulationLoader;
import io.causality.sim.core.WorkingMemory;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.output.Step;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The gate's numbers read from the window stored with each progress are those of a replay of the
 * whole history, however the ticks were stepped (a step of 345, a decree, then steps shorter than
 * the window that the stored window is joined with); and a simulation stored before windows were
 * (no window) gets the same numbers from the latest snapshot before the window (a snapshot every
 * 100 ticks here, a decree at the window's first tick, whose input the restored engine has queued
 * already). So an evaluation costs one row however long the simulation, or the snapshot interval
 * for an old row, never the history.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class SimulationGammaReaderIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("simulations.snapshotInterval", "100"));

  @Test
  void theStoredWindowIsThatOfTheWholeReplay() throws Exception {
    for (String scenario : List.of("stable-basins", "chaos-storm")) {
      SimulationRow row = stepped(scenario, 345, 3, 4);
      SimulationLoader loader = loader();

      GammaHistory stored = reader(loader).read(row);

      assertThat(row.gammaWindow()).as(scenario).isNotNull();
      assertThat(row.ticksComputed()).isEqualTo(352);
      assertThat(stored).as(scenario).isEqualTo(wholeReplay(loader, row));
      assertThat(stored.tick()).isEqualTo(351);
    }
  }

  @Test
  void withoutAStoredWindowTheSnapshotGivesTheSameNumbersAndTheWindowIsKept() throws Exception {
    SimulationRow row = stepped("stable-basins", 345, 10);
    SimulationLoader loader = loader();
    GammaHistory storedByTheAdvance = reader(loader).read(row);
    SimulationRow withoutWindow = clearWindow(row);

    GammaHistory fromSnapshot = reader(loader).read(withoutWindow);

    assertThat(row.ticksComputed()).isEqualTo(355);
    assertThat(fromSnapshot).isEqualTo(wholeReplay(loader, row)).isEqualTo(storedByTheAdvance);
    assertThat(find(row).gammaWindow()).isEqualTo(row.gammaWindow());
    assertThat(find(row).version()).isEqualTo(row.version());
  }

  @Test
  void aWindowReplayedForAnOlderVersionIsNotKept() throws Exception {
    SimulationRow row = stepped("stable-basins", 20);
    SimulationRow older = clearWindow(row);
    update("UPDATE simulations SET version = version + 1 WHERE id = :id", row);
    SimulationRow changed = find(row);

    reader(loader()).read(older);

    assertThat(find(row).gammaWindow()).isNull();
    reader(loader()).read(changed);
    assertThat(find(row).gammaWindow()).isEqualTo(row.gammaWindow());
  }

  @Test
  void aCreatedAndRunSimulationStoresItsWindowToo() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String slug = SimTestFixture.organization(admin, "strategic").slug();
    String key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    String answer =
        post(key, "/v1/simulations/run", "{\"scenarioId\": \"chaos-storm\", \"ticks\": 37}");
    UUID id =
        UUID.fromString(answer.replaceAll("(?s).*\"simulationId\"\\s*:\\s*\"([^\"]+)\".*", "$1"));
    SimulationRow row =
        SimTestFixture.jdbi(APP).onDemand(SimulationDao.class).find(id).orElseThrow();

    assertThat(row.gammaWindow()).isNotNull();
    assertThat(reader(loader()).read(row)).isEqualTo(wholeReplay(loader(), row));
  }

  @Test
  void aFreshSimulationReadsItsWindowBeforeTheFirstTick() throws Exception {
    SimulationRow row = stepped("stable-basins");
    SimulationLoader loader = loader();

    GammaHistory fresh = reader(loader).read(row);

    assertThat(fresh.tick()).isEqualTo(-1);
    assertThat(fresh.window()).isEmpty();
    assertThat(fresh).isEqualTo(wholeReplay(loader, row));
  }

  private static final String REMOVE_A03 =
      "{\"type\": \"agent.remove\", \"payload\": {\"agentId\": \"a03\"}}";

  /** A new simulation stepped by each of {@code steps}, with a decree after the first step. */
  private static SimulationRow stepped(String scenario, int... steps) throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String slug = SimTestFixture.organization(admin, "strategic").slug();
    String key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    UUID id = created(key, scenario);
    for (int k = 0; k < steps.length; k++) {
      post(key, "/v1/simulations/" + id + "/step", "{\"ticks\": " + steps[k] + "}");
      if (k == 0 && scenario.equals("stable-basins")) {
        // chaos-storm has lost most of its agents by then: no decree, its losses are the point
        post(key, "/v1/simulations/" + id + "/decrees", REMOVE_A03);
      }
    }
    return SimTestFixture.jdbi(APP).onDemand(SimulationDao.class).find(id).orElseThrow();
  }

  private static SimulationGammaReader reader(SimulationLoader loader) {
    return new SimulationGammaReader(loader, SimTestFixture.jdbi(APP));
  }

  private static SimulationRow find(SimulationRow row) {
    return SimTestFixture.jdbi(APP).onDemand(SimulationDao.class).find(row.id()).orElseThrow();
  }

  /** The row as stored before windows were: the column emptied, the row read again. */
  private static SimulationRow clearWindow(SimulationRow row) {
    update("UPDATE simulations SET gamma_window = NULL WHERE id = :id", row);
    return find(row);
  }

  private static void update(String sql, SimulationRow row) {
    SimTestFixture.jdbi(APP)
        .useHandle(handle -> handle.createUpdate(sql).bind("id", row.id()).execute());
  }

  private static SimulationLoader loader() {
    return new SimulationLoader(
        SimTestFixture.jdbi(APP),
        EngineCatalog.standard(),
        new WorkingMemory(1L << 30, java.time.Duration.ZERO));
  }

  /** The reader's former way: tick 0 and every input, every tick's gamma, the last ten kept. */
  private static GammaHistory wholeReplay(SimulationLoader loader, SimulationRow row) {
    List<GammaHistory.Point> all = new ArrayList<>();
    Simulation simulation = loader.fresh(row);
    EngineListener everyTick =
        new EngineListener() {
          @Override
          public void onStep(Step step) {
            all.add(
                new GammaHistory.Point(
                    step.tick(), SimulationGammaReader.meanLiveGamma(step.agents())));
          }
        };
    simulation.replay(loader.inputs(row), row.ticksComputed(), everyTick);
    List<GammaHistory.Point> window =
        all.subList(Math.max(0, all.size() - SimulationGammaReader.WINDOW), all.size());
    StateSnapshot state = simulation.state();
    return new GammaHistory(
        state.tick(),
        SimulationGammaReader.meanLiveGamma(simulation.agents()),
        SimulationGammaReader.trend(window),
        window,
        state.b(),
        state.alive());
  }

  private static UUID created(String key, String scenario) throws Exception {
    String answer = post(key, "/v1/simulations", "{\"scenarioId\": \"" + scenario + "\"}");
    return UUID.fromString(answer.replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1"));
  }

  private static String post(String key, String path, String body) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getLocalPort() + path))
                    .header("X-Api-Key", key)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return response.body();
  }
}
