package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.OrganizationAdmin;
import io.causality.sim.core.SimulationLoader;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
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
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Gamma read from the latest snapshot before the window gives the numbers of a replay of the whole
 * history (a snapshot every 100 ticks here, a decree at the window's first tick, whose input the
 * restored engine has queued already), so an evaluation of a long simulation costs the snapshot
 * interval, not the history.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class SimulationGammaReaderIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("simulations.snapshotInterval", "100"));

  @Test
  void fromTheSnapshotTheWindowIsThatOfTheWholeReplay() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String slug = SimTestFixture.organization(admin, "strategic").slug();
    String key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    UUID id = created(key);
    post(key, "/v1/simulations/" + id + "/step", "{\"ticks\": 345}");
    post(
        key,
        "/v1/simulations/" + id + "/decrees",
        "{\"type\": \"agent.remove\", \"payload\": {\"agentId\": \"a03\"}}");
    post(key, "/v1/simulations/" + id + "/step", "{\"ticks\": 10}");
    Jdbi jdbi = SimTestFixture.jdbi(APP);
    SimulationRow row = jdbi.onDemand(SimulationDao.class).find(id).orElseThrow();
    SimulationLoader loader = new SimulationLoader(jdbi, EngineCatalog.standard());

    GammaHistory fromSnapshot = new SimulationGammaReader(loader).read(row);

    assertThat(row.ticksComputed()).isEqualTo(355);
    assertThat(fromSnapshot.window()).isEqualTo(wholeReplayWindow(loader, row));
    assertThat(fromSnapshot.tick()).isEqualTo(354);
  }

  /** The reader's former way: tick 0 and every input, keeping the last ten ticks. */
  private static List<GammaHistory.Point> wholeReplayWindow(
      SimulationLoader loader, SimulationRow row) {
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
    return all.subList(all.size() - SimulationGammaReader.WINDOW, all.size());
  }

  private static UUID created(String key) throws Exception {
    String answer = post(key, "/v1/simulations", "{\"scenarioId\": \"stable-basins\"}");
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
