package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.causality.common.testing.CoordinatorProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The clients are generated from committed snapshots of the two documents (generation runs before
 * any service is built); this test keeps the snapshots equal to what the services serve. When a
 * service's document changes, refresh them with {@code mvn -B -pl contract-tests -am verify
 * -Dcontract.refresh=true} and commit the files.
 */
class DocumentSnapshotIntegrationTest {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Path SNAPSHOTS = Path.of("src", "test", "resources", "openapi");

  @Test
  void simServerServesItsSnapshot() throws Exception {
    try (SimJar sim = SimJar.start()) {
      compare(sim.baseUrl(), "sim-server.json");
    }
  }

  @Test
  void coordinatorServesItsSnapshot() throws Exception {
    try (CoordinatorProcess coordinator = CoordinatorProcess.deploy().start()) {
      compare(coordinator.baseUrl(), "hitl-coordinator.json");
    }
  }

  private static void compare(String baseUrl, String snapshot) throws Exception {
    JsonNode served = JSON.readTree(get(baseUrl + "/v1/openapi.json"));
    Path file = SNAPSHOTS.resolve(snapshot);
    if (Boolean.getBoolean("contract.refresh")) {
      Files.writeString(file, JSON.writeValueAsString(served) + "\n");
    }
    assertThat(JSON.readTree(Files.readString(file)))
        .as(
            "%s differs from the served document: refresh it with "
                + "mvn -B -pl contract-tests -am verify -Dcontract.refresh=true, and commit it",
            file)
        .isEqualTo(served);
  }

  private static String get(String url) throws IOException, InterruptedException {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }
}
