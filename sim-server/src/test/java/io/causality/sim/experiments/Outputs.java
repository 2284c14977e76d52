package io.causality.sim.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * An experiment's results as bytes, read over plain HTTP from any instance (a process of its own
 * included): the runs as NDJSON and CSV, the runs' JSON pages and the aggregates' JSON pages. Two
 * experiments of one definition must give the same bytes, whoever ran them.
 */
record Outputs(String ndjson, String csv, String runPages, String aggregatePages) {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  static Outputs read(int port, String key, String id) throws Exception {
    String base = "/v1/experiments/" + id;
    return new Outputs(
        get(port, key, base + "/runs", "application/x-ndjson"),
        get(port, key, base + "/runs", "text/csv"),
        get(port, key, base + "/runs?limit=200", "application/json").replaceAll("\"limit\":200", "")
            + get(port, key, base + "/runs?limit=7&offset=3", "application/json"),
        get(port, key, base + "/aggregates?limit=200", "application/json")
            + get(port, key, base + "/aggregates?limit=2&offset=1", "application/json"));
  }

  static String submit(int port, String key, String body) throws Exception {
    HttpResponse<String> response = send(port, key, "POST", "/v1/experiments", body, null);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    return JSON.readTree(response.body()).get("id").asText();
  }

  static JsonNode experiment(int port, String key, String id) throws Exception {
    HttpResponse<String> response =
        send(port, key, "GET", "/v1/experiments/" + id, null, "application/json");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /** Waits until the experiment completed; fails if it ended otherwise. */
  static void awaitCompleted(int port, String key, String id, Duration limit) {
    String status =
        Await.value(
            "experiment " + id + " finishes",
            limit,
            () -> {
              String now = experiment(port, key, id).get("status").asText();
              return now.equals("queued") || now.equals("running")
                  ? Optional.empty()
                  : Optional.of(now);
            });
    assertThat(status).isEqualTo("completed");
  }

  private static String get(int port, String key, String path, String accept) throws Exception {
    HttpResponse<String> response = send(port, key, "GET", path, null, accept);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    return response.body();
  }

  static HttpResponse<String> send(
      int port, String key, String method, String path, String body, String accept)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("X-Api-Key", key)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    if (accept != null) {
      request.header("Accept", accept);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
