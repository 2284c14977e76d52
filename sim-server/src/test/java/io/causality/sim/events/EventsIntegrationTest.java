package io.causality.sim.events;

import static io.causality.sim.testing.EventIds.assertContiguous;
import static io.causality.sim.testing.EventIds.numbered;
import static io.causality.sim.testing.EventIds.tick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.causality.sim.testing.SseTestClient.Event;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The event stream over HTTP with a real SSE client: the events of a played simulation in order,
 * decrees and policies, losses, resume with Last-Event-ID, heartbeats, and the errors.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class EventsIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("events.heartbeatInterval", "200 milliseconds"),
          ConfigOverride.config("playback.baseTicksPerSecond", "100"),
          ConfigOverride.config("playback.batchInterval", "20 milliseconds"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  static final String INLINE = EventsFixture.INLINE;

  static String writer;
  static String reader;
  static String orgReader;
  static String globexReader;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow acme = SimTestFixture.organization(admin, "enterprise");
    OrganizationRow globex = SimTestFixture.organization(admin, "enterprise");
    writer = admin.createApiKey(acme.slug(), "simulation:read,simulation:write").key();
    reader = admin.createApiKey(acme.slug(), "simulation:read").key();
    orgReader = admin.createApiKey(acme.slug(), "org:read").key();
    globexReader = admin.createApiKey(globex.slug(), "simulation:read").key();
  }

  HttpResponse<String> send(String method, String path, String body) {
    return client.send(
        client
            .request(path)
            .header("X-Api-Key", writer)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body)));
  }

  static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  static JsonNode data(Event event) throws Exception {
    return JSON.readTree(event.data());
  }

  String create(String body) throws Exception {
    return json(send("POST", "/v1/simulations", body), 201).get("id").asText();
  }

  String createInline() throws Exception {
    return create("{\"scenario\":" + INLINE + "}");
  }

  void timeControl(String id, String body) throws Exception {
    assertThat(
            json(send("PUT", "/v1/simulations/" + id + "/time-control", body), 200)
                .get("ok")
                .asBoolean())
        .isTrue();
  }

  SseTestClient stream(String id, String key) {
    return stream(id, Map.of("X-Api-Key", key));
  }

  SseTestClient stream(String id, Map<String, String> headers) {
    SseTestClient events =
        SseTestClient.open(APP.getLocalPort(), "/v1/simulations/" + id + "/events", headers);
    return events;
  }

  static Event last(List<Event> events) {
    return events.get(events.size() - 1);
  }

  static boolean isStatus(Event event, String status) {
    return event.name().equals("simulation:status")
        && event.data().contains("\"status\":\"" + status + "\"");
  }

  static boolean isTick(Event event, long t) {
    return event.name().equals("tick") && event.data().startsWith("{\"t\":" + t + ",");
  }

  @Test
  void aPlayedSimulationsEventsComeInOrder() throws Exception {
    String id = createInline();
    try (SseTestClient events = stream(id, reader)) {
      assertThat(events.status()).isEqualTo(200);
      assertThat(events.response().headers().firstValue("Content-Type").orElseThrow())
          .startsWith("text/event-stream");
      timeControl(id, "{\"action\":\"play\",\"speed\":10}");
      List<Event> seen = new ArrayList<>(events.until(e -> isTick(e, 60), DEADLINE));
      timeControl(id, "{\"action\":\"pause\"}");
      seen.addAll(events.until(e -> isStatus(e, "paused"), DEADLINE));

      List<Event> numbered = numbered(seen);
      assertThat(numbered.get(0).name()).isEqualTo("simulation:status");
      assertThat(numbered.get(0).id()).isEqualTo("0-1");
      JsonNode running = data(numbered.get(0));
      assertThat(running.get("status").asText()).isEqualTo("running");
      assertThat(running.get("previous").asText()).isEqualTo("created");
      assertThat(running.get("reason").asText()).isEqualTo("play");
      assertThat(running.get("tick").asLong()).isEqualTo(-1);
      assertThat(running.get("speed").asDouble()).isEqualTo(10.0);
      assertContiguous(seen);

      List<Event> ticks = numbered.stream().filter(e -> e.name().equals("tick")).toList();
      for (int t = 0; t < ticks.size(); t++) {
        JsonNode tick = data(ticks.get(t));
        assertThat(tick.get("t").asLong()).isEqualTo(t);
        assertThat(tick.fieldNames())
            .toIterable()
            .containsExactly("t", "b", "lastMove", "state", "warning", "agents");
        assertThat(tick(ticks.get(t))).isEqualTo(t);
      }
      Event paused = numbered.get(numbered.size() - 1);
      JsonNode pausedData = data(paused);
      assertThat(pausedData.get("previous").asText()).isEqualTo("running");
      assertThat(pausedData.get("reason").asText()).isEqualTo("pause");
      assertThat(tick(paused)).isEqualTo(ticks.size());
      assertThat(pausedData.get("tick").asLong()).isEqualTo(ticks.size() - 1);
      JsonNode simulation = json(client.getWithKey("/v1/simulations/" + id, reader), 200);
      assertThat(simulation.get("status").asText()).isEqualTo("paused");
      assertThat(simulation.get("ticks").asLong()).isEqualTo(ticks.size());
    }
  }

  @Test
  void decreesAndPoliciesAreEventsWhenSubmittedAndWhenApplied() throws Exception {
    String id = createInline();
    try (SseTestClient events = stream(id, reader)) {
      JsonNode decree =
          json(
              send(
                  "POST",
                  "/v1/simulations/" + id + "/decrees",
                  "{\"type\":\"shock\",\"payload\":{\"magnitude\":1.5}}"),
              201);
      Event submitted = last(events.until(e -> e.name().equals("decree"), DEADLINE));
      assertThat(submitted.id()).isEqualTo("0-1");
      JsonNode submittedData = data(submitted);
      assertThat(submittedData.get("phase").asText()).isEqualTo("submitted");
      assertThat(submittedData.get("id").asText()).isEqualTo(decree.get("id").asText());
      assertThat(submittedData.get("simulationId").asText()).isEqualTo(id);
      assertThat(submittedData.get("type").asText()).isEqualTo("shock");
      assertThat(submittedData.get("payload").get("magnitude").asDouble()).isEqualTo(1.5);
      assertThat(submittedData.get("tick").asLong()).isZero();

      json(
          send(
              "PUT",
              "/v1/simulations/" + id + "/agent-policy",
              "{\"agentId\":\"a1\",\"policy\":{\"gamma\":0.25}}"),
          200);
      Event policy = last(events.until(e -> e.name().equals("policy"), DEADLINE));
      assertThat(policy.id()).isEqualTo("0-2");
      assertThat(data(policy).get("agentId").asText()).isEqualTo("a1");
      assertThat(data(policy).get("gamma").asDouble()).isEqualTo(0.25);

      timeControl(id, "{\"action\":\"step\"}");
      List<Event> tick = numbered(events.until(e -> isStatus(e, "paused"), DEADLINE));
      assertThat(tick)
          .extracting(Event::name)
          .containsExactly("decree", "policy", "tick", "simulation:status");
      assertThat(tick).extracting(Event::id).containsExactly("0-3", "0-4", "0-5", "1-1");
      assertThat(data(tick.get(0)).get("phase").asText()).isEqualTo("applied");
      assertThat(data(tick.get(0)).get("id").asText()).isEqualTo(decree.get("id").asText());
      assertThat(data(tick.get(2)).get("lastMove").asText()).isEqualTo("shock+policy");
      assertThat(data(tick.get(3)).get("reason").asText()).isEqualTo("step");
    }
  }

  @Test
  void lossesCarryTheTickTheMagnitudeAndTheAgent() throws Exception {
    String id = create("{\"scenarioId\":\"collapse-cascade\"}");
    try (SseTestClient events = stream(id, reader)) {
      json(send("POST", "/v1/simulations/" + id + "/step", "{\"ticks\":1500}"), 200);
      List<Event> seen = events.until(e -> e.name().equals("loss"), DEADLINE);
      JsonNode loss = data(seen.get(seen.size() - 1));
      assertThat(loss.get("tick").asLong()).isEqualTo(tick(seen.get(seen.size() - 1)));
      assertThat(loss.get("magnitude").isNumber()).isTrue();
      assertThat(loss.get("agent").asText()).isNotEmpty();
      assertContiguous(seen);
    }
  }

  @Test
  void aReconnectWithLastEventIdResumesWithNoGapAndNoRepeat() throws Exception {
    String id = createInline();
    try (SseTestClient whole = stream(id, reader)) {
      List<Event> before;
      try (SseTestClient first = stream(id, reader)) {
        timeControl(id, "{\"action\":\"play\",\"speed\":10}");
        before = numbered(first.until(e -> isTick(e, 40), DEADLINE));
      }
      String lastEventId = before.get(before.size() - 1).id();
      List<Event> reference = new ArrayList<>(whole.until(e -> isTick(e, 120), DEADLINE));
      try (SseTestClient resumed =
          stream(id, Map.of("X-Api-Key", reader, "Last-Event-ID", lastEventId))) {
        List<Event> after = numbered(resumed.until(e -> isTick(e, 200), DEADLINE));
        timeControl(id, "{\"action\":\"pause\"}");
        reference.addAll(whole.until(e -> isTick(e, 200), DEADLINE));
        reference = numbered(reference);
        List<Event> expected =
            reference.subList(
                reference.indexOf(before.get(before.size() - 1)) + 1, reference.size());
        assertThat(after).containsExactlyElementsOf(expected);
        assertThat(after.get(0).id()).isEqualTo("41-1");
      }
    }
  }

  @Test
  void aResumeReadsBackEveryEventOfATooLargeStepFromStorage() throws Exception {
    String id = createInline();
    try (SseTestClient events = stream(id, reader)) {
      json(send("POST", "/v1/simulations/" + id + "/step", "{\"ticks\":5000}"), 200);
      List<Event> seen = events.until(e -> isStatus(e, "paused"), DEADLINE);
      assertContiguous(seen);
      assertThat(numbered(seen).stream().filter(e -> e.name().equals("tick")).count())
          .isEqualTo(5000);
    }
  }

  @Test
  void heartbeatsComeAtTheConfiguredIntervalWithEmptyData() throws Exception {
    String id = createInline();
    json(send("POST", "/v1/simulations/" + id + "/step", "{\"ticks\":3}"), 200);
    try (SseTestClient events = stream(id, reader)) {
      Instant start = Instant.now();
      List<Event> beats = new ArrayList<>();
      while (beats.size() < 3) {
        beats.addAll(events.until(e -> e.name().equals("heartbeat"), DEADLINE));
      }
      assertThat(beats)
          .allSatisfy(
              beat -> {
                assertThat(beat.name()).isEqualTo("heartbeat");
                assertThat(beat.data()).isEmpty();
                assertThat(beat.id()).isEqualTo("3-1");
              });
      // Three beats of 200 ms take at least 600 ms: a default of 30 s would fail the deadline.
      assertThat(Duration.between(start, Instant.now())).isLessThan(DEADLINE);
    }
  }

  @Test
  void lastEventIdMustBeAnIdOfThisStream() throws Exception {
    String id = createInline();
    try (SseTestClient malformed =
        stream(id, Map.of("X-Api-Key", reader, "Last-Event-ID", "abc"))) {
      JsonNode body = JSON.readTree(malformed.body());
      assertThat(malformed.status()).isEqualTo(400);
      assertThat(body.get("error").get("details").get("issues").get(0).get("path").asText())
          .isEqualTo("Last-Event-ID");
    }
    try (SseTestClient ahead = stream(id, Map.of("X-Api-Key", reader, "Last-Event-ID", "7-1"))) {
      assertThat(ahead.status()).isEqualTo(400);
      assertThat(ahead.body()).contains("VALIDATION_ERROR");
    }
  }

  @Test
  void theStreamAnswersLikeTheOtherSimulationEndpoints() throws Exception {
    String id = createInline();
    assertRefused(stream(id, Map.of()), 401, "UNAUTHORIZED");
    assertRefused(stream(id, globexReader), 404, "NOT_FOUND");
    assertRefused(stream(id, orgReader), 403, "FORBIDDEN");
    assertRefused(stream("6f1d8f38-3b5e-4f53-8d1b-5b0a4c6f2a11", reader), 404, "NOT_FOUND");
    assertRefused(stream("not-a-uuid", reader), 400, "VALIDATION_ERROR");
  }

  private static void assertRefused(SseTestClient events, int status, String code)
      throws Exception {
    try (events) {
      assertThat(events.status()).isEqualTo(status);
      assertThat(JSON.readTree(events.body()).get("error").get("code").asText()).isEqualTo(code);
    }
  }
}
