package io.causality.sim.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Requests of the experiments' tests, and a small scenario whose runs take milliseconds. */
final class ExperimentsFixture {
  static final ObjectMapper JSON = new ObjectMapper();
  static final Duration DEADLINE = Duration.ofSeconds(60);

  /** Two agents in one basin, six more around it; prophecies every 10 ticks. */
  static final String SCENARIO =
      """
      {"seed": 11,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 1.5, "gamma": 0.2}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 1.5, "gamma": 0.2}},
         {"id": "a3", "marker": {"x": 40, "y": 50}, "policy": {"lambda": 1.5, "gamma": 0.2}},
         {"id": "a4", "marker": {"x": 60, "y": 50}, "policy": {"lambda": 1.5, "gamma": 0.2}},
         {"id": "a5", "marker": {"x": 50, "y": 40}, "policy": {"lambda": 1.5, "gamma": 0.2}},
         {"id": "a6", "marker": {"x": 50, "y": 60}, "policy": {"lambda": 1.5, "gamma": 0.2}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 12}]},
       "rules": {"prophecyInterval": 10, "prophecyHorizon": 5, "prophecyDepth": 1}}
      """;

  /** A 2 x 2 grid of lambda and the core's strength, 3 replications, 40 ticks. */
  static final String GRID =
      """
      {"scenario": %s,
       "parameters": {"agents[*].policy.lambda": [0.5, 3],
                      "attractors[core].strength": {"from": 2, "to": 8, "steps": 2}},
       "replications": 3, "ticks": 40,
       "collect": {"series": ["b", "lost"], "every": 10}}
      """
          .formatted(SCENARIO);

  private final SimTestFixture.Client client;

  ExperimentsFixture(DropwizardAppExtension<SimConfiguration> app) {
    this.client = new SimTestFixture.Client(app);
  }

  SimTestFixture.Client client() {
    return client;
  }

  HttpResponse<String> post(String path, String key, String body) {
    return client.send(
        client
            .request(path)
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  HttpResponse<String> get(String path, String key) {
    return client.getWithKey(path, key);
  }

  HttpResponse<String> get(String path, String key, String accept) {
    return client.send(client.request(path).header("X-Api-Key", key).header("Accept", accept));
  }

  static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  /** Submits and returns the experiment's id. */
  String submit(String key, String body) throws Exception {
    return json(post("/v1/experiments", key, body), 202).get("id").asText();
  }

  /** Waits until the experiment has left queued and running; its last state. */
  JsonNode awaitFinished(String key, String id) {
    return Await.value(
        "experiment " + id + " finishes",
        DEADLINE,
        () -> {
          JsonNode experiment = json(get("/v1/experiments/" + id, key), 200);
          String status = experiment.get("status").asText();
          return status.equals("queued") || status.equals("running")
              ? java.util.Optional.empty()
              : java.util.Optional.of(experiment);
        });
  }
}
