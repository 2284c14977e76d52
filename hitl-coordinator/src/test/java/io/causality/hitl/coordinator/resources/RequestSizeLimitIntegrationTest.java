package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The default body limit: a long sentinel feed fits and is kept; a larger body is a 413. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RequestSizeLimitIntegrationTest {
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/minimal.yml"),
          TestDeployment.plain().overrides());
  private static final int DEFAULT_LIMIT = 4 << 20;
  private static final String REQUESTS = "/v1/override-requests";

  /** A submission whose sentinel feed brings the body to about {@code bytes}. */
  private static String submissionOf(String actorId, int bytes) {
    ObjectNode body = submission(actorId);
    ArrayNode feed = body.putObject("sentinelFeed").putArray("samples");
    String entry = "{\"t\":\"2026-01-31T12:00:00Z\",\"gamma\":0.2101,\"note\":\"steady\"},";
    for (int size = body.toString().length();
        size + entry.length() < bytes;
        size += entry.length()) {
      feed.addObject().put("t", "2026-01-31T12:00:00Z").put("gamma", 0.2101).put("note", "steady");
    }
    return body.toString();
  }

  @Test
  void aLongSentinelFeedWithinTheLimitIsAcceptedAndKept() {
    CoordinatorHttp http = new CoordinatorHttp(APP.getLocalPort());
    String body = submissionOf("actor-long-feed", DEFAULT_LIMIT - 100_000);

    Answer created = http.postJson(REQUESTS, body);

    assertThat(created.status()).as(created.text()).isEqualTo(201);
    Answer record = http.get(REQUESTS + "/" + created.body().get("coordinatorRequestId").asText());
    assertThat(record.text().length()).isGreaterThan(DEFAULT_LIMIT / 2);
  }

  @Test
  void aBodyOverTheLimitIs413BeforeItIsSent() throws Exception {
    // The client asks first (Expect: 100-continue), as docs/configuration.md advises for large
    // bodies; the 413 comes before any of the body. A plain socket: Java 17's HttpClient
    // waits for ever when such a request gets a final answer instead of a 100.
    try (Socket socket = new Socket("127.0.0.1", APP.getLocalPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write(
              ("POST "
                      + REQUESTS
                      + " HTTP/1.1\r\nHost: localhost\r\n"
                      + "Content-Type: application/json\r\nExpect: 100-continue\r\n"
                      + "Content-Length: "
                      + (DEFAULT_LIMIT + 1)
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(raw).startsWith("HTTP/1.1 413");
      assertThat(
              CoordinatorHttp.JSON
                  .readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4))
                  .get("error")
                  .get("code")
                  .asText())
          .isEqualTo("PAYLOAD_TOO_LARGE");
    }
  }
}
