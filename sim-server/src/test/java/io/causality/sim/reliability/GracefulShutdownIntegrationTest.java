package io.causality.sim.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.testing.SimProcess;
import io.causality.sim.testing.SseTestClient;
import io.causality.sim.testing.SseTestClient.Event;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SIGTERM, as an init system stops the service: requests in flight finish (a 10,000-tick run
 * streamed as NDJSON arrives whole), new connections are refused, open event streams get a SHUTDOWN
 * event before they close, and the process exits within the grace period.
 */
class GracefulShutdownIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RUN = "{\"scenarioId\":\"chaos-storm\",\"ticks\":10000}";
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  @Test
  void sigtermDrainsTheRequestInFlightAndTellsTheStreams() throws Exception {
    try (SimProcess server = SimProcess.create("rateLimits.enabled=false")) {
      String key = server.createApiKey("graceful", "strategic");
      server.start();
      List<String> reference = steps(readAll(run(server, key).body()));
      String simulation =
          call(server, key, "/v1/simulations", "{\"scenarioId\":\"chaos-storm\"}")
              .get("id")
              .asText();
      try (SseTestClient events =
          SseTestClient.open(
              server.port(),
              "/v1/simulations/" + simulation + "/events",
              Map.of("X-Api-Key", key))) {
        assertThat(events.status()).isEqualTo(200);
        HttpResponse<InputStream> inFlight = run(server, key);
        try (BufferedReader body = reader(inFlight.body())) {
          List<String> lines = new ArrayList<>(List.of(body.readLine()));
          server.terminate();
          assertRefusesNewRequests(server);
          body.lines().forEach(lines::add);
          assertThat(steps(lines)).as("the run in flight, whole").isEqualTo(reference);
        }
        List<Event> received = events.until(e -> e.name().equals("error"), DEADLINE);
        JsonNode error = JSON.readTree(received.get(received.size() - 1).data());
        assertThat(error.get("code").asText()).isEqualTo("SHUTDOWN");
        assertThat(events.endsWithin(DEADLINE)).isTrue();
      }
      assertThat(server.await(DEADLINE)).as("exited after SIGTERM").isTrue();
    }
  }

  /**
   * Once stopping, the server takes no new request: the connection fails, or 503. Until the
   * shutdown hook has begun (connectors close first) health may still answer 200: awaited.
   */
  private void assertRefusesNewRequests(SimProcess server) {
    Await.until(
        "a request after SIGTERM is refused or answered 503",
        DEADLINE,
        () -> {
          try {
            int status =
                http.send(
                        HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v1/health"))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                        HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            assertThat(status).as("a request after SIGTERM").isIn(200, 503);
            return status == 503;
          } catch (IOException e) {
            // refused: what a load balancer expects from an instance that is going away
            return true;
          }
        });
  }

  private HttpResponse<InputStream> run(SimProcess server, String key) throws Exception {
    HttpResponse<InputStream> response =
        http.send(
            HttpRequest.newBuilder(URI.create(server.baseUrl() + "/v1/simulations/run"))
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .header("Accept", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofString(RUN))
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertThat(response.statusCode()).isEqualTo(200);
    return response;
  }

  private JsonNode call(SimProcess server, String key, String path, String body) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    return JSON.readTree(response.body());
  }

  private static BufferedReader reader(InputStream in) {
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
  }

  private static List<String> readAll(InputStream in) throws IOException {
    try (BufferedReader body = reader(in)) {
      return body.lines().toList();
    }
  }

  /** The trace without its metadata line (which names the simulation). */
  private static List<String> steps(List<String> lines) {
    assertThat(lines).hasSizeGreaterThan(2);
    return lines.subList(1, lines.size());
  }
}
