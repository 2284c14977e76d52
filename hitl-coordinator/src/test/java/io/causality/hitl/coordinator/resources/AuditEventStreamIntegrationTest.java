package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code GET /v1/audit-events/stream}: each event as it is written, with its sequence as the SSE
 * id; {@code Last-Event-ID} resumes after a sequence; the operator role; a malformed id is a 400.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class AuditEventStreamIntegrationTest {
  private static final String RUNTIME = "runtime-token-0123456789abcdef";
  private static final String OPERATOR = "operator-token-0123456789abcdef";
  private static final String CONFIG = ResourceHelpers.resourceFilePath("configs/callers.yml");
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(CoordinatorApplication.class, CONFIG, DEPLOYMENT.overrides());

  private static final String STREAM = "/v1/audit-events/stream";
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private CoordinatorHttp runtime;

  @BeforeEach
  void clients() {
    runtime = new CoordinatorHttp(APP.getLocalPort()).withToken(RUNTIME);
  }

  @Test
  void aNewEventArrivesWithItsSequenceAsTheId() throws Exception {
    try (SseFrames frames = open(OPERATOR, null)) {
      String opened = frames.next().get("comment");
      long head = Long.parseLong(opened.substring(opened.lastIndexOf(' ') + 1));
      String id = submitted();

      Map<String, String> frame = frames.nextEvent();

      assertThat(frame).containsEntry("event", "audit").containsEntry("id", "" + (head + 1));
      JsonNode event = CoordinatorHttp.JSON.readTree(frame.get("data"));
      assertThat(event.get("sequence").asLong()).isEqualTo(head + 1);
      assertThat(event.get("coordinatorRequestId").asText()).isEqualTo(id);
      assertThat(event.get("eventType").asText()).isEqualTo("SUBMITTED");
      assertThat(event.get("hash").asText()).matches("[0-9a-f]{64}");
    }
  }

  @Test
  void lastEventIdResumesAfterThatSequence() throws Exception {
    String first = submitted();
    String second = submitted();
    long firstSequence =
        new CoordinatorHttp(APP.getLocalPort())
            .withToken(OPERATOR)
            .get("/v1/audit-events?requestId=" + first)
            .body()
            .get("data")
            .get(0)
            .get("sequence")
            .asLong();

    try (SseFrames frames = open(OPERATOR, Long.toString(firstSequence))) {
      JsonNode next = CoordinatorHttp.JSON.readTree(frames.nextEvent().get("data"));

      assertThat(next.get("sequence").asLong()).isEqualTo(firstSequence + 1);
      assertThat(next.get("coordinatorRequestId").asText()).isEqualTo(second);
    }
  }

  @Test
  void onlyOperatorsStreamAndAMalformedIdIsNamed() throws Exception {
    assertThat(status(null, null)).isEqualTo(401);
    assertThat(status(RUNTIME, null)).isEqualTo(403);
    HttpResponse<String> malformed = send(OPERATOR, "-3");
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(CoordinatorHttp.JSON.readTree(malformed.body()).toString())
        .contains("\"path\":\"Last-Event-ID\"");
  }

  private String submitted() {
    Answer answer = runtime.post("/v1/override-requests", submission("actor-" + UUID.randomUUID()));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private static HttpRequest.Builder request(String token, String lastEventId) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + APP.getLocalPort() + STREAM))
            .header("Accept", "text/event-stream");
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    if (lastEventId != null) {
      request.header("Last-Event-ID", lastEventId);
    }
    return request;
  }

  private static int status(String token, String lastEventId) throws Exception {
    return send(token, lastEventId).statusCode();
  }

  private static HttpResponse<String> send(String token, String lastEventId) throws Exception {
    return CLIENT.send(
        request(token, lastEventId).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static SseFrames open(String token, String lastEventId) throws Exception {
    HttpResponse<Stream<String>> response =
        CLIENT.send(request(token, lastEventId).GET().build(), HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    return new SseFrames(response.body());
  }
}
