package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The trace's per-tick series as CSV, and the event log as JSON, NDJSON and CSV: the same numbers
 * as the JSON trace, the same events, ids and data as the stream, streamed by the server.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class TraceCsvAndEventLogIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CSV = "text/csv";
  private static final String FORMULA_AGENT = "=2+3";

  /** Two agents, one of them named like a spreadsheet formula. */
  private static final String INLINE =
      """
      {"scenario": {"seed": 11,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"home": 1}},
         {"id": "%s", "marker": {"x": 45, "y": 52}, "policy": {"lambda": 0.2, "gamma": 0.4},
          "attractorPreferences": {"home": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "home", "x": 50, "y": 50, "strength": 5, "radius": 12}]}}}
      """
          .formatted(FORMULA_AGENT);

  private static String key;
  private static String readOnly;
  private static String otherKey;
  private static String prophesied;
  private static String inline;
  private static String fresh;
  private static SimTestFixture.Client client;

  /** A prophecy-loop run of 120 ticks with a decree at 30; an inline run with a policy change. */
  @BeforeAll
  static void simulations() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow org = SimTestFixture.organization(admin, "professional");
    key = admin.createApiKey(org.slug(), "simulation:read,simulation:write").key();
    readOnly = admin.createApiKey(org.slug(), "org:read").key();
    OrganizationRow other = SimTestFixture.organization(admin, "professional");
    otherKey = admin.createApiKey(other.slug(), "simulation:read").key();
    client = new SimTestFixture.Client(APP);
    prophesied = create("{\"scenarioId\":\"prophecy-loop\"}");
    post("/v1/simulations/" + prophesied + "/step", "{\"ticks\":30}", 200);
    post(
        "/v1/simulations/" + prophesied + "/decrees",
        "{\"type\":\"shock\",\"payload\":{\"magnitude\":4}}",
        201);
    post("/v1/simulations/" + prophesied + "/step", "{\"ticks\":90}", 200);
    inline = create(INLINE);
    post("/v1/simulations/" + inline + "/step", "{\"ticks\":3}", 200);
    put(
        "/v1/simulations/" + inline + "/agent-policy",
        "{\"agentId\":\"" + FORMULA_AGENT + "\",\"policy\":{\"gamma\":0.9}}");
    post("/v1/simulations/" + inline + "/step", "{\"ticks\":2}", 200);
    fresh = create("{\"scenarioId\":\"stable-basins\"}");
  }

  @Test
  void theTraceAsCsvHasOneLinePerStepWithTheTracesNumbers() throws Exception {
    HttpResponse<String> csv = get("/v1/simulations/" + prophesied + "/trace", CSV, key);

    assertThat(csv.statusCode()).isEqualTo(200);
    assertThat(csv.headers().firstValue("Content-Type"))
        .hasValueSatisfying(
            type ->
                assertThat(type.replace(" ", ""))
                    .isEqualTo("text/csv;charset=utf-8;header=present"));
    assertThat(csv.headers().firstValue("Content-Disposition"))
        .hasValue("attachment; filename=\"simulation-" + prophesied + "-trace.csv\"");
    List<String> lines = lines(csv.body());
    assertThat(lines.get(0))
        .isEqualTo("tick,move,b,alive,held,straying,free,lost,removed,meanGamma,warnings,losses");
    assertThat(lines).hasSize(121);
    JsonNode steps =
        json(get("/v1/simulations/" + prophesied + "/trace", "application/json", key)).get("steps");
    for (int tick = 0; tick < 120; tick++) {
      JsonNode step = steps.get(tick);
      String[] cells = lines.get(tick + 1).split(",", -1);
      assertThat(cells).hasSize(12);
      assertThat(cells[0]).isEqualTo(Integer.toString(tick));
      assertThat(cells[1]).isEqualTo(step.get("move").asText());
      assertThat(cells[2]).isEqualTo(step.get("state").get("b").toString());
      assertThat(cells[3]).isEqualTo(step.get("state").get("agents").get("alive").toString());
      assertThat(cells[7]).isEqualTo(step.get("state").get("agents").get("lost").toString());
      assertThat(cells[10]).isEqualTo(kinds(step.get("warning")));
      assertThat(cells[11])
          .isEqualTo(step.get("loss").isNull() ? "0" : step.get("loss").get("count").asText());
    }
    assertThat(lines.get(31).split(",")[1]).isEqualTo("shock");
    assertThat(csv.body()).contains("\r\n");
  }

  @Test
  void aTickRangeOfTheCsvKeepsItsLines() {
    HttpResponse<String> csv =
        get("/v1/simulations/" + prophesied + "/trace?fromTick=10&toTick=12", CSV, key);

    List<String> lines = lines(csv.body());
    assertThat(lines).hasSize(4);
    assertThat(lines.subList(1, 4))
        .extracting(line -> line.split(",")[0])
        .containsExactly("10", "11", "12");
  }

  @Test
  void theCsvAnswersTheTracesErrors() {
    assertThat(get("/v1/simulations/" + fresh + "/trace", CSV, key).statusCode()).isEqualTo(404);
    assertThat(get("/v1/simulations/" + prophesied + "/trace", CSV, readOnly).statusCode())
        .isEqualTo(403);
    assertThat(get("/v1/simulations/" + prophesied + "/trace", CSV, otherKey).statusCode())
        .isIn(401, 404);
    assertThat(get("/v1/simulations/" + prophesied + "/trace?fromTick=-1", CSV, key).statusCode())
        .isEqualTo(400);
  }

  @Test
  void theEventLogIsTheStreamsEventsWithTheirIdsAndData() throws Exception {
    JsonNode log =
        json(get("/v1/simulations/" + prophesied + "/event-log", "application/json", key));

    List<String> logged = new ArrayList<>();
    log.get("data")
        .forEach(
            e ->
                logged.add(
                    e.get("id").asText() + " " + e.get("event").asText() + " " + e.get("data")));
    assertThat(logged).isNotEmpty().noneMatch(line -> line.contains(" tick {"));
    assertThat(logged).anyMatch(line -> line.contains(" prophecy "));
    assertThat(logged).anyMatch(line -> line.contains(" decree {\"phase\":\"submitted\""));
    assertThat(logged).anyMatch(line -> line.contains(" decree {\"phase\":\"applied\""));
    assertThat(logged).anyMatch(line -> line.contains(" simulation:status "));
    // the stream, resumed from the start, sends the same events with the same ids and bytes
    try (SseTestClient stream =
        SseTestClient.open(
            APP.getLocalPort(),
            "/v1/simulations/" + prophesied + "/events",
            Map.of("X-Api-Key", key, "Last-Event-ID", "0-0"))) {
      String last = log.get("data").get(log.get("data").size() - 1).get("id").asText();
      List<String> streamed =
          stream.until(e -> e.id().equals(last), Duration.ofSeconds(30)).stream()
              .filter(e -> !e.name().equals("tick") && !e.name().equals("heartbeat"))
              .map(e -> e.id() + " " + e.name() + " " + e.data())
              .toList();
      assertThat(logged).isEqualTo(streamed);
    }
  }

  @Test
  void afterAnEventTheLogKeepsTheLaterOnesAndTicksAreThereWhenAsked() throws Exception {
    JsonNode all =
        json(get(
                "/v1/simulations/" + prophesied + "/event-log?ticks=true", "application/json", key))
            .get("data");
    JsonNode later =
        json(get(
                "/v1/simulations/" + prophesied + "/event-log?ticks=true&after=100-0",
                "application/json",
                key))
            .get("data");

    assertThat(later.get(0).get("id").asText()).startsWith("100-");
    assertThat(later.get(0).get("event").asText()).isEqualTo("tick");
    assertThat(later.get(0).get("data").get("t").asInt()).isEqualTo(100);
    List<String> tail = new ArrayList<>();
    all.forEach(
        e -> {
          String[] id = e.get("id").asText().split("-");
          if (Integer.parseInt(id[0]) >= 100 && !id[1].equals("0")) {
            tail.add(e.toString());
          }
        });
    List<String> fromLater = new ArrayList<>();
    later.forEach(e -> fromLater.add(e.toString()));
    assertThat(fromLater).isEqualTo(tail);
  }

  @Test
  void theLogAsNdjsonHasOneEventPerLine() throws Exception {
    HttpResponse<String> ndjson =
        get("/v1/simulations/" + prophesied + "/event-log", "application/x-ndjson", key);
    JsonNode log =
        json(get("/v1/simulations/" + prophesied + "/event-log", "application/json", key))
            .get("data");

    List<String> lines = ndjson.body().lines().toList();
    assertThat(ndjson.headers().firstValue("Content-Type")).hasValue("application/x-ndjson");
    assertThat(lines).hasSize(log.size());
    for (int i = 0; i < lines.size(); i++) {
      assertThat(JSON.readTree(lines.get(i))).isEqualTo(log.get(i));
    }
  }

  @Test
  void theLogAsCsvHasItsColumnsAndDefusesFormulas() throws Exception {
    HttpResponse<String> csv = get("/v1/simulations/" + inline + "/event-log", CSV, key);

    assertThat(csv.headers().firstValue("Content-Disposition"))
        .hasValue("attachment; filename=\"simulation-" + inline + "-events.csv\"");
    List<String> lines = lines(csv.body());
    assertThat(lines.get(0))
        .isEqualTo(
            "eventId,tick,event,agent,magnitude,basin,kinds,b,threshold,foretoldTick,cause,seq,"
                + "predictedB,converged,type,phase,status,previous,reason,data");
    List<Map<String, String>> rows = rows(csv.body());
    Map<String, String> policy =
        rows.stream()
            .filter(
                row -> row.get("event").equals("policy") && row.get("phase").equals("submitted"))
            .findFirst()
            .orElseThrow();
    // the agent id a spreadsheet would run is text there; in the JSON of the data it stays as is
    assertThat(policy.get("agent")).isEqualTo("'" + FORMULA_AGENT);
    assertThat(policy.get("tick")).isEqualTo("3");
    assertThat(JSON.readTree(policy.get("data")).get("agentId").asText()).isEqualTo(FORMULA_AGENT);
    Map<String, String> status =
        rows.stream()
            .filter(row -> row.get("event").equals("simulation:status"))
            .findFirst()
            .orElseThrow();
    assertThat(status)
        .containsEntry("tick", "2")
        .containsEntry("status", "paused")
        .containsEntry("previous", "created")
        .containsEntry("reason", "step");
    JsonNode log =
        json(get("/v1/simulations/" + inline + "/event-log", "application/json", key)).get("data");
    assertThat(rows).hasSize(log.size());
    for (int i = 0; i < rows.size(); i++) {
      assertThat(rows.get(i).get("eventId")).isEqualTo(log.get(i).get("id").asText());
      assertThat(JSON.readTree(rows.get(i).get("data"))).isEqualTo(log.get(i).get("data"));
    }
  }

  /** CSV read as a spreadsheet would: rows by the header's column names. */
  private static List<Map<String, String>> rows(String csv) throws Exception {
    CsvMapper mapper = new CsvMapper();
    try (MappingIterator<Map<String, String>> rows =
        mapper
            .readerForMapOf(String.class)
            .with(CsvSchema.emptySchema().withHeader())
            .readValues(csv)) {
      return rows.readAll();
    }
  }

  @Test
  void theLogAnswersItsErrors() throws Exception {
    HttpResponse<String> future =
        get("/v1/simulations/" + inline + "/event-log?after=99-0", "application/json", key);
    assertThat(future.statusCode()).isEqualTo(400);
    assertThat(json(future).get("error").get("details").get("issues").get(0).get("path").asText())
        .isEqualTo("after");
    HttpResponse<String> malformed =
        get("/v1/simulations/" + inline + "/event-log?after=yesterday", "application/json", key);
    assertThat(malformed.statusCode()).isEqualTo(400);
    assertThat(
            json(malformed).get("error").get("details").get("issues").get(0).get("path").asText())
        .isEqualTo("after");
    assertThat(
            get("/v1/simulations/" + inline + "/event-log", "application/json", readOnly)
                .statusCode())
        .isEqualTo(403);
    assertThat(
            get("/v1/simulations/" + inline + "/event-log", "application/json", otherKey)
                .statusCode())
        .isIn(401, 404);
    assertThat(
            get(
                    "/v1/simulations/00000000-0000-4000-8000-000000000000/event-log",
                    "application/json",
                    key)
                .statusCode())
        .isIn(401, 404);
    // a simulation without a tick has its creation only: an empty log
    assertThat(
            json(get("/v1/simulations/" + fresh + "/event-log", "application/json", key))
                .get("data"))
        .isEmpty();
  }

  private static String kinds(JsonNode warning) {
    if (warning.isNull()) {
      return "";
    }
    List<String> kinds = new ArrayList<>();
    warning.get("kinds").forEach(k -> kinds.add(k.asText()));
    return String.join(" ", kinds);
  }

  private static List<String> lines(String csv) {
    return List.of(csv.split("\r\n"));
  }

  private static String create(String body) throws Exception {
    return post("/v1/simulations", body, 201).get("id").asText();
  }

  private static JsonNode post(String path, String body, int status) throws Exception {
    HttpResponse<String> response =
        client.send(
            client
                .request(path)
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private static void put(String path, String body) {
    HttpResponse<String> response =
        client.send(
            client
                .request(path)
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private static HttpResponse<String> get(String path, String accept, String apiKey) {
    return client.send(client.request(path).header("X-Api-Key", apiKey).header("Accept", accept));
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }
}
