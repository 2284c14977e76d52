package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A trace range starts from the latest snapshot before it (a snapshot every 100 ticks here, taken
 * at ticks 150 and 250), not from tick 0, and its steps are still the whole trace's byte for byte:
 * with a decree at tick 150, the snapshot's own tick, whose input the restored engine must apply
 * exactly once.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class TraceRangeFromSnapshotIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("simulations.snapshotInterval", "100"),
          ConfigOverride.config("rateLimits.enabled", "false"));

  private static String key;
  private static String id;
  private static SimTestFixture.Client client;

  @BeforeAll
  static void stepped() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow org = SimTestFixture.organization(admin, "strategic");
    key = admin.createApiKey(org.slug(), "simulation:read,simulation:write").key();
    client = new SimTestFixture.Client(APP);
    String created = post("/v1/simulations", "{\"scenarioId\":\"tipping-point\"}");
    id = created.replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
    post("/v1/simulations/" + id + "/step", "{\"ticks\":150}");
    post(
        "/v1/simulations/" + id + "/decrees",
        "{\"type\":\"shock\",\"payload\":{\"magnitude\":1.5}}");
    post("/v1/simulations/" + id + "/step", "{\"ticks\":100}");
  }

  @Test
  void rangesFromSnapshotsAreTheWholeTracesStepsByteForByte() {
    List<String> whole = lines("");
    assertThat(whole).hasSize(2 + 250);
    for (int[] range : new int[][] {{149, 152}, {150, 150}, {151, 160}, {240, 249}, {250, 260}}) {
      List<String> lines = lines("?fromTick=" + range[0] + "&toTick=" + range[1]);
      int last = Math.min(range[1], 249);
      assertThat(lines.subList(0, 2)).isEqualTo(whole.subList(0, 2));
      assertThat(lines.subList(2, lines.size()))
          .as("ticks %d to %d", range[0], range[1])
          .isEqualTo(whole.subList(2 + Math.min(range[0], 250), 2 + last + 1));
    }
    assertThat(lines("?fromTick=150&toTick=150").get(2)).contains("\"tick\":150").contains("shock");
  }

  private static List<String> lines(String query) {
    HttpResponse<String> response =
        client.send(
            client
                .request("/v1/simulations/" + id + "/trace" + query)
                .header("X-Api-Key", key)
                .header("Accept", "application/x-ndjson"));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return List.of(response.body().split("\n"));
  }

  private static String post(String path, String body) {
    HttpResponse<String> response =
        client.send(
            client
                .request(path)
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return response.body();
  }
}
