package io.causality.sim.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.testing.SimProcess;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packaged heap holds the largest simulations a license allows, however many arrive at once
 * (docs/operations.md, "Memory"). On {@code -Xmx512m} with {@code -XX:+ExitOnOutOfMemoryError}, as
 * the packaged unit runs, six concurrent creates of 100,000 agents, six concurrent creates of a
 * domain's 100,000 agents from a small input, six concurrent experiments of them (read and kept by
 * the workers), then six concurrent steps of the first six (some no longer kept, so rebuilt from
 * what is stored), all succeed and the server lives. Before large work took its turn for the heap,
 * three such creates ended the process.
 */
class LargeScenarioMemoryIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int AGENTS = 100_000;
  private static final int AT_ONCE = 6;
  private static final int STREAMED_TICKS = 10;

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  @Test
  void concurrentCreatesAndStepsOfTheLargestSimulationsFitThePackagedHeap() throws Exception {
    try (SimProcess sim = onThePackagedHeap()) {
      String key = sim.createApiKey("large", "strategic");
      byte[] body = scenarioBody();

      List<HttpResponse<String>> created =
          all(sim, key, i -> post(sim, key, "/v1/simulations", body));
      List<String> ids = new ArrayList<>();
      for (HttpResponse<String> response : created) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        ids.add(JSON.readTree(response.body()).get("id").asText());
      }

      // a domain's small input makes as many agents: its create takes its turn by them
      byte[] epidemic = epidemicBody();
      for (HttpResponse<String> response :
          all(sim, key, i -> post(sim, key, "/v1/simulations/from-domain", epidemic))) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
      }

      // experiments of it: their definitions are read, and kept, by the workers
      byte[] experiment =
          new String(epidemic, StandardCharsets.UTF_8)
              .replace("}]}}", "}]},\"replications\":1,\"ticks\":3}")
              .getBytes(StandardCharsets.UTF_8);
      List<String> experiments = new ArrayList<>();
      for (HttpResponse<String> response :
          all(sim, key, i -> post(sim, key, "/v1/experiments", experiment))) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
        experiments.add(JSON.readTree(response.body()).get("id").asText());
      }
      for (String id : experiments) {
        awaitCompleted(sim, key, id);
      }

      byte[] step = "{\"ticks\":10}".getBytes(StandardCharsets.UTF_8);
      List<HttpResponse<String>> stepped =
          all(sim, key, i -> post(sim, key, "/v1/simulations/" + ids.get(i) + "/step", step));
      for (HttpResponse<String> response : stepped) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      }
      assertThat(sim.isAlive()).as(sim.tail()).isTrue();
    }
  }

  /**
   * Four live streams of a simulation of 100,000 agents, three asking for every agent (17.7 MB a
   * tick): a step of ten ticks is answered, and every stream gets its ten ticks, read back from
   * storage in turn. Before, the step's events were held whole for the streams (hundreds of
   * megabytes), then each stream rebuilt the simulation at once, and either ended the process.
   */
  @Test
  void liveStreamsOfTheLargestSimulationsFitThePackagedHeap() throws Exception {
    try (SimProcess sim = onThePackagedHeap()) {
      String key = sim.createApiKey("watched", "strategic");
      HttpResponse<String> created =
          post(sim, key, "/v1/simulations/from-domain", epidemicBody()).join();
      assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
      String id = JSON.readTree(created.body()).get("id").asText();

      List<CompletableFuture<List<String>>> streams = new ArrayList<>();
      for (String agents : List.of("all", "all", "all", "changed")) {
        streams.add(stream(sim, key, id, agents, STREAMED_TICKS));
      }
      byte[] step = ("{\"ticks\":" + STREAMED_TICKS + "}").getBytes(StandardCharsets.UTF_8);
      HttpResponse<String> stepped = post(sim, key, "/v1/simulations/" + id + "/step", step).join();
      assertThat(stepped.statusCode()).as(stepped.body()).isEqualTo(200);

      for (CompletableFuture<List<String>> stream : streams) {
        List<String> events;
        try {
          events = stream.get(3, TimeUnit.MINUTES);
        } catch (ExecutionException e) {
          throw new AssertionError("a stream failed; the server's log ends:\n" + sim.tail(), e);
        }
        assertThat(Collections.frequency(events, "tick")).as(sim.tail()).isEqualTo(STREAMED_TICKS);
      }
      assertThat(sim.isAlive()).as(sim.tail()).isTrue();
    }
  }

  /**
   * The jar on the packaged heap, with a generous wait for working memory: on a slow machine six
   * large creates in turn may take over the default 10 s.
   */
  private static SimProcess onThePackagedHeap() {
    return SimProcess.create("rateLimits.enabled=false", "simulations.workingMemoryWait=2m")
        .heap("512m")
        .start();
  }

  /**
   * Opens the simulation's event stream with {@code agents}, and once it is listening, reads it on
   * another thread: the names of its events up to its {@code ticks}-th tick; fails at an {@code
   * error}.
   */
  private CompletableFuture<List<String>> stream(
      SimProcess sim, String key, String id, String agents, int ticks) throws Exception {
    HttpResponse<Stream<String>> response =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(
                        sim.baseUrl() + "/v1/simulations/" + id + "/events?agents=" + agents))
                .header("X-Api-Key", key)
                .header("Accept", "text/event-stream")
                .build(),
            HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    Iterator<String> lines = response.body().iterator();
    // its first line, a comment, is sent once the stream listens
    assertThat(lines.next()).startsWith(": events of simulation " + id);
    return CompletableFuture.supplyAsync(
        () -> {
          List<String> events = new ArrayList<>();
          try (Stream<String> closed = response.body()) {
            while (Collections.frequency(events, "tick") < ticks && lines.hasNext()) {
              String line = lines.next();
              if (line.startsWith("event: ")) {
                events.add(line.substring("event: ".length()));
              }
              if (line.startsWith("data: ") && events.contains("error")) {
                throw new AssertionError("the stream ended with " + line);
              }
            }
          }
          return events;
        });
  }

  private void awaitCompleted(SimProcess sim, String key, String experiment) {
    String status =
        Await.value(
            "experiment " + experiment + " finishes",
            Duration.ofMinutes(3),
            () -> {
              HttpResponse<String> response =
                  http.send(
                      HttpRequest.newBuilder(
                              URI.create(sim.baseUrl() + "/v1/experiments/" + experiment))
                          .header("X-Api-Key", key)
                          .build(),
                      HttpResponse.BodyHandlers.ofString());
              assertThat(response.statusCode()).as(sim.tail()).isEqualTo(200);
              String now = JSON.readTree(response.body()).get("status").asText();
              return now.equals("queued") || now.equals("running")
                  ? Optional.empty()
                  : Optional.of(now);
            });
    assertThat(status).isEqualTo("completed");
  }

  private interface Request {
    CompletableFuture<HttpResponse<String>> send(int index);
  }

  private static List<HttpResponse<String>> all(SimProcess sim, String key, Request request) {
    List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
    for (int i = 0; i < AT_ONCE; i++) {
      sent.add(request.send(i));
    }
    try {
      return sent.stream().map(CompletableFuture::join).toList();
    } catch (CompletionException e) {
      throw new AssertionError("a request got no answer; the server's log ends:\n" + sim.tail(), e);
    }
  }

  private CompletableFuture<HttpResponse<String>> post(
      SimProcess sim, String key, String path, byte[] body) {
    return http.sendAsync(
        HttpRequest.newBuilder(URI.create(sim.baseUrl() + path))
            .timeout(Duration.ofMinutes(3))
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The epidemic domain's input for eight regions of 12,500 people: 100,000 agents. */
  private static byte[] epidemicBody() {
    StringBuilder regions = new StringBuilder();
    for (int r = 0; r < 8; r++) {
      regions
          .append(r == 0 ? "" : ",")
          .append("{\"name\":\"region-")
          .append(r)
          .append("\",\"population\":12500,\"infected\":5}");
    }
    return ("{\"domain\":\"epidemic\",\"input\":{\"transmissibility\":0.3,\"recovery\":0.2,"
            + "\"regions\":["
            + regions
            + "]}}")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** 100,000 agents on a grid of ten basins: about 7 MB of JSON. */
  private static byte[] scenarioBody() {
    StringBuilder body =
        new StringBuilder(
            "{\"scenario\":{\"seed\":11,\"initialState\":{\"grid\":{\"width\":1000,"
                + "\"height\":1000},\"attractors\":[");
    for (int b = 0; b < 10; b++) {
      body.append(b == 0 ? "" : ",")
          .append("{\"name\":\"basin-")
          .append(b)
          .append("\",\"x\":")
          .append(50 + b * 100)
          .append(",\"y\":500,\"strength\":12,\"radius\":25}");
    }
    body.append("]},\"agents\":[");
    for (int i = 0; i < AGENTS; i++) {
      body.append(i == 0 ? "" : ",")
          .append("{\"id\":\"agent-")
          .append(i)
          .append("\",\"marker\":{\"x\":")
          .append(50 + (i % 10) * 100 + (i % 7))
          .append(".5,\"y\":")
          .append(480 + i % 41)
          .append(".5},\"policy\":{\"lambda\":0.5,\"gamma\":0.4}}");
    }
    return body.append("]}}").toString().getBytes(StandardCharsets.UTF_8);
  }
}
