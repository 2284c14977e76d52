package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every simulation endpoint: its success and each of its error statuses. */
@ExtendWith(DropwizardExtensionsSupport.class)
class SimulationsIntegrationTest {
  // Rate limits have their own tests; here they would only slow the endpoints' tests down.
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();

  static final String INLINE =
      """
      {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"core": 1}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": 0.4},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
      """;

  static OrganizationRow acme;
  static OrganizationRow globex;
  static String writer;
  static String reader;
  static String globexWriter;
  static OrganizationAdmin admin;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @BeforeAll
  static void callers() {
    admin = SimTestFixture.admin(APP);
    acme = SimTestFixture.organization(admin, "community");
    globex = SimTestFixture.organization(admin, "community");
    writer = admin.createApiKey(acme.slug(), "simulation:read,simulation:write").key();
    reader = admin.createApiKey(acme.slug(), "simulation:read").key();
    globexWriter = admin.createApiKey(globex.slug(), "simulation:read,simulation:write").key();
    admin.addMember(acme.slug(), "carol", "member");
    admin.addMember(globex.slug(), "carol", "owner");
  }

  HttpResponse<String> post(String path, String key, String body) {
    return client.send(
        client
            .request(path)
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  HttpResponse<String> put(String path, String key, String body) {
    return client.send(
        client
            .request(path)
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(body)));
  }

  HttpResponse<String> get(String path, String key) {
    return client.getWithKey(path, key);
  }

  static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  static List<String> issuePaths(JsonNode body) {
    return body.get("error").get("details").get("issues").findValuesAsText("path");
  }

  String createInline() throws Exception {
    return json(post("/v1/simulations", writer, "{\"scenario\":" + INLINE + "}"), 201)
        .get("id")
        .asText();
  }

  @Nested
  class Create {
    @Test
    void fromAPrebuiltScenario() throws Exception {
      HttpResponse<String> response =
          post("/v1/simulations", writer, "{\"scenarioId\":\"stable-basins\"}");
      JsonNode body = json(response, 201);
      assertThat(body.get("scenarioId").asText()).isEqualTo("stable-basins");
      assertThat(body.get("engineVersion").asText()).isEqualTo("1.0.0");
      assertThat(body.get("state").get("agents").get("alive").asInt()).isEqualTo(30);
      assertThat(response.headers().firstValue("Location").orElseThrow())
          .endsWith("/v1/simulations/" + body.get("id").asText());
    }

    @Test
    void fromAnInlineScenarioPinnedToAVersion() throws Exception {
      JsonNode body =
          json(
              post(
                  "/v1/simulations",
                  writer,
                  "{\"scenario\":" + INLINE + ",\"engineVersion\":\"1.0.0\"}"),
              201);
      assertThat(body.get("scenarioId").isNull()).isTrue();
      assertThat(body.get("state").get("agents").get("alive").asInt()).isEqualTo(2);
    }

    @Test
    void exactlyOneOfScenarioIdOrScenario() throws Exception {
      JsonNode both =
          json(
              post(
                  "/v1/simulations",
                  writer,
                  "{\"scenarioId\":\"stable-basins\",\"scenario\":" + INLINE + "}"),
              400);
      assertThat(issuePaths(both)).containsExactly("scenarioId", "scenario");
      JsonNode neither = json(post("/v1/simulations", writer, "{}"), 400);
      assertThat(neither.get("error").get("message").asText()).contains("is required");
    }

    @Test
    void unknownScenarioIs404() throws Exception {
      JsonNode body = json(post("/v1/simulations", writer, "{\"scenarioId\":\"nope\"}"), 404);
      assertThat(body.get("error").get("code").asText()).isEqualTo("NOT_FOUND");
    }

    @Test
    void badInlineScenarioNamesEachField() throws Exception {
      String bad =
          INLINE
              .replace("\"x\": 50, \"y\": 50", "\"x\": \"far\", \"y\": 50")
              .replace("\"seed\": 7", "\"seed\": \"seven\"");
      JsonNode body = json(post("/v1/simulations", writer, "{\"scenario\":" + bad + "}"), 400);
      assertThat(issuePaths(body)).contains("scenario.agents[0].marker.x", "scenario.seed");
    }

    @Test
    void aGridSideMustBeAWholeNumber() throws Exception {
      String fractional =
          INLINE.replace("\"grid\": {\"width\": 100,", "\"grid\": {\"width\": 100.5,");
      JsonNode body =
          json(post("/v1/simulations", writer, "{\"scenario\":" + fractional + "}"), 400);
      assertThat(issuePaths(body)).containsExactly("scenario.initialState.grid.width");
      assertThat(body.toString()).contains("must be a whole number");
      String alsoBad = fractional.replace("\"seed\": 7", "\"seed\": \"seven\"");
      JsonNode both = json(post("/v1/simulations", writer, "{\"scenario\":" + alsoBad + "}"), 400);
      assertThat(issuePaths(both))
          .containsExactlyInAnyOrder("scenario.seed", "scenario.initialState.grid.width");
    }

    @Test
    void unknownEngineVersionListsTheAvailableOnes() throws Exception {
      JsonNode body =
          json(
              post(
                  "/v1/simulations",
                  writer,
                  "{\"scenarioId\":\"stable-basins\",\"engineVersion\":\"9.9.9\"}"),
              400);
      assertThat(issuePaths(body)).containsExactly("engineVersion");
      assertThat(body.get("error").get("details").get("availableVersions").toString())
          .contains("1.0.0");
    }

    @Test
    void unknownFieldsAreRejected() throws Exception {
      JsonNode body =
          json(
              post(
                  "/v1/simulations",
                  writer,
                  "{\"scenarioId\":\"stable-basins\",\"scenarioID\":\"x\"}"),
              400);
      assertThat(issuePaths(body)).containsExactly("scenarioID");
    }

    @Test
    void authenticationScopeAndOrganization() throws Exception {
      HttpResponse<String> anonymous =
          client.send(
              client
                  .request("/v1/simulations")
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"stable-basins\"}")));
      assertThat(anonymous.statusCode()).isEqualTo(401);
      json(post("/v1/simulations", reader, "{\"scenarioId\":\"stable-basins\"}"), 403);
      json(
          post(
              "/v1/simulations",
              writer,
              "{\"scenarioId\":\"stable-basins\"," + "\"organizationId\":\"" + globex.id() + "\"}"),
          403);
    }

    @Test
    void aUserInSeveralOrganizationsMustNameOne() throws Exception {
      String token = SimTestFixture.jwt("carol", Instant.now().plusSeconds(300));
      HttpResponse<String> unnamed =
          client.send(
              client
                  .request("/v1/simulations")
                  .header("Authorization", "Bearer " + token)
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString("{\"scenarioId\":\"stable-basins\"}")));
      assertThat(issuePaths(json(unnamed, 400))).containsExactly("organizationId");
      HttpResponse<String> named =
          client.send(
              client
                  .request("/v1/simulations")
                  .header("Authorization", "Bearer " + token)
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"scenarioId\":\"stable-basins\","
                              + "\"organizationId\":\""
                              + globex.id()
                              + "\"}")));
      assertThat(named.statusCode()).isEqualTo(201);
    }

    @Test
    void theLicensesRunsPerPeriodAreAQuota() throws Exception {
      OrganizationRow capped = SimTestFixture.organization(admin, "community");
      String key = admin.createApiKey(capped.slug(), "simulation:write").key();
      json(post("/v1/simulations", key, "{\"scenarioId\":\"stable-basins\"}"), 201);
      Jdbi jdbi = SimTestFixture.jdbi(APP);
      jdbi.useHandle(
          h ->
              h.createUpdate(
                      "UPDATE usage_periods SET simulation_runs = 100 "
                          + "WHERE organization_id = :org AND period_start = :start")
                  .bind("org", capped.id())
                  .bind("start", BillingPeriods.containing(Instant.now()).start())
                  .execute());
      JsonNode body = json(post("/v1/simulations", key, "{\"scenarioId\":\"stable-basins\"}"), 403);
      assertThat(body.get("error").get("code").asText()).isEqualTo("QUOTA_EXCEEDED");
    }
  }

  @Nested
  class FromDomain {
    @Test
    void anAdapterTurnsInputIntoAScenario() throws Exception {
      JsonNode body =
          json(
              post("/v1/simulations/from-domain", writer, "{\"domain\":\"epidemic\",\"input\":{}}"),
              400);
      assertThat(issuePaths(body)).allMatch(path -> path.startsWith("input"));
    }

    @Test
    void unknownDomainIs404WithTheAvailableOnes() throws Exception {
      JsonNode body =
          json(
              post(
                  "/v1/simulations/from-domain", writer, "{\"domain\":\"astrology\",\"input\":{}}"),
              404);
      assertThat(body.get("error").get("details").get("availableDomains").toString())
          .contains("supply-chain");
    }

    @Test
    void domainAndInputAreRequired() throws Exception {
      JsonNode body = json(post("/v1/simulations/from-domain", writer, "{}"), 400);
      assertThat(issuePaths(body)).containsExactlyInAnyOrder("domain", "input");
    }
  }

  @Nested
  class Run {
    @Test
    void answersTheTraceAsJson() throws Exception {
      JsonNode body =
          json(
              post(
                  "/v1/simulations/run", writer, "{\"scenarioId\":\"tipping-point\",\"ticks\":25}"),
              200);
      assertThat(body.get("engineVersion").asText()).isEqualTo("1.0.0");
      assertThat(body.get("trace").get("steps")).hasSize(25);
      assertThat(body.get("trace").get("steps").get(24).get("tick").asInt()).isEqualTo(24);
      String id = body.get("simulationId").asText();
      assertThat(json(get("/v1/simulations/" + id, writer), 200).get("ticks").asInt())
          .isEqualTo(25);
    }

    @Test
    void countsOneRunWithItsTicksAndIsRefusedWhenTheRunsAreUsedUp() throws Exception {
      OrganizationRow capped = SimTestFixture.organization(admin, "community");
      String key = admin.createApiKey(capped.slug(), "simulation:read,simulation:write").key();
      String run = "{\"scenarioId\":\"stable-basins\",\"ticks\":7}";
      String id = json(post("/v1/simulations/run", key, run), 200).get("simulationId").asText();
      JsonNode stored = json(get("/v1/simulations/" + id, key), 200);
      assertThat(stored.get("ticks").asInt()).isEqualTo(7);
      assertThat(stored.get("status").asText()).isEqualTo("paused");
      assertThat(usage(capped)).containsExactly(1L, 7L);

      setRuns(capped, 100);
      JsonNode refused = json(post("/v1/simulations/run", key, run), 403);

      assertThat(refused.get("error").get("code").asText()).isEqualTo("QUOTA_EXCEEDED");
      assertThat(usage(capped)).containsExactly(100L, 7L);
      assertThat(json(get("/v1/simulations", key), 200).get("pagination").get("total").asInt())
          .isEqualTo(1);
    }

    @Test
    void countsAgainstTheRunsOfTheOrganizationsLicenseTier() throws Exception {
      OrganizationRow professional = SimTestFixture.organization(admin, "professional");
      String key =
          admin.createApiKey(professional.slug(), "simulation:read,simulation:write").key();
      String run = "{\"scenarioId\":\"stable-basins\",\"ticks\":3}";
      json(post("/v1/simulations/run", key, run), 200);
      // past the community tier's 100 runs, within the professional tier's 1,000
      setRuns(professional, 100);
      json(post("/v1/simulations/run", key, run), 200);
      assertThat(usage(professional)).containsExactly(101L, 6L);

      setRuns(professional, 1_000);
      JsonNode refused = json(post("/v1/simulations/run", key, run), 403);

      assertThat(refused.get("error").get("code").asText()).isEqualTo("QUOTA_EXCEEDED");
      assertThat(usage(professional)).containsExactly(1_000L, 6L);
    }

    private List<Long> usage(OrganizationRow organization) {
      return SimTestFixture.jdbi(APP)
          .withHandle(
              h ->
                  h.createQuery(
                          "SELECT simulation_runs, tick_count FROM usage_periods "
                              + "WHERE organization_id = :org AND period_start = :start")
                      .bind("org", organization.id())
                      .bind("start", BillingPeriods.containing(Instant.now()).start())
                      .map((rs, ctx) -> List.of(rs.getLong(1), rs.getLong(2)))
                      .one());
    }

    private void setRuns(OrganizationRow organization, int runs) {
      SimTestFixture.jdbi(APP)
          .useHandle(
              h ->
                  h.createUpdate(
                          "UPDATE usage_periods SET simulation_runs = :runs "
                              + "WHERE organization_id = :org AND period_start = :start")
                      .bind("runs", runs)
                      .bind("org", organization.id())
                      .bind("start", BillingPeriods.containing(Instant.now()).start())
                      .execute());
    }

    @Test
    void streamsNdjsonWithMetadataAndInitialStateFirst() throws Exception {
      HttpResponse<String> response =
          client.send(
              client
                  .request("/v1/simulations/run")
                  .header("X-Api-Key", writer)
                  .header("Content-Type", "application/json")
                  .header("Accept", "application/x-ndjson")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"scenarioId\":\"chaos-storm\",\"ticks\":40}")));
      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type").orElseThrow())
          .startsWith("application/x-ndjson");
      String[] lines = response.body().split("\n");
      assertThat(lines).hasSize(42);
      assertThat(JSON.readTree(lines[0]).has("metadata")).isTrue();
      assertThat(JSON.readTree(lines[1]).has("initialState")).isTrue();
      assertThat(JSON.readTree(lines[41]).get("tick").asInt()).isEqualTo(39);
    }

    @Test
    void runNdjsonIsTheSameStreamAtAPathOfItsOwn() throws Exception {
      HttpResponse<String> response =
          post(
              "/v1/simulations/run.ndjson",
              writer,
              "{\"scenarioId\":\"chaos-storm\",\"ticks\":40}");
      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type").orElseThrow())
          .startsWith("application/x-ndjson");
      String id = response.headers().firstValue("X-Simulation-Id").orElseThrow();
      assertThat(response.headers().firstValue("Location").orElseThrow())
          .endsWith("/v1/simulations/" + id);
      String[] lines = response.body().split("\n");
      assertThat(lines).hasSize(42);
      assertThat(JSON.readTree(lines[0]).has("metadata")).isTrue();
      assertThat(JSON.readTree(lines[41]).get("tick").asInt()).isEqualTo(39);
      json(
          post("/v1/simulations/run.ndjson", writer, "{\"scenarioId\":\"nope\",\"ticks\":4}"), 404);
      json(post("/v1/simulations/run.ndjson", writer, "{\"ticks\":4}"), 400);
      json(post("/v1/simulations/run.ndjson", "sk_live_unknown", "{\"ticks\":4}"), 401);
    }

    @Test
    void ticksAreBoundedAndTheSourceIsExactlyOne() throws Exception {
      assertThat(
              issuePaths(
                  json(
                      post(
                          "/v1/simulations/run",
                          writer,
                          "{\"scenarioId\":\"stable-basins\",\"ticks\":0}"),
                      400)))
          .containsExactly("ticks");
      assertThat(
              issuePaths(
                  json(
                      post(
                          "/v1/simulations/run",
                          writer,
                          "{\"scenarioId\":\"stable-basins\",\"ticks\":10001}"),
                      400)))
          .containsExactly("ticks");
      assertThat(
              issuePaths(
                  json(
                      post(
                          "/v1/simulations/run",
                          writer,
                          "{\"scenarioId\":\"stable-basins\",\"ticks\":2.5}"),
                      400)))
          .containsExactly("ticks");
      assertThat(
              issuePaths(
                  json(
                      post("/v1/simulations/run", writer, "{\"scenarioId\":\"stable-basins\"}"),
                      400)))
          .containsExactly("ticks");
      assertThat(
              issuePaths(
                  json(
                      post(
                          "/v1/simulations/run",
                          writer,
                          "{\"scenarioId\":\"stable-basins\",\"domain\":\"market\",\"ticks\":5}"),
                      400)))
          .containsExactly("scenarioId", "domain");
      json(post("/v1/simulations/run", writer, "{\"scenarioId\":\"nope\",\"ticks\":5}"), 404);
    }
  }

  @Nested
  class ListAndGet {
    @Test
    void listIsPagedNewestFirstWithinTheKeysOrganization() throws Exception {
      String first = createInline();
      String second = createInline();
      JsonNode page = json(get("/v1/simulations?limit=2", reader), 200);
      assertThat(page.get("pagination").get("limit").asInt()).isEqualTo(2);
      assertThat(page.get("pagination").get("total").asLong()).isGreaterThanOrEqualTo(2);
      assertThat(page.get("data").findValuesAsText("id")).containsExactly(second, first);
      JsonNode item = page.get("data").get(0);
      assertThat(item.get("organizationId").asText()).isEqualTo(acme.id().toString());
      assertThat(item.has("createdAt")).isTrue();
      assertThat(item.has("state")).isTrue();
      JsonNode globexPage =
          json(get("/v1/simulations?organizationId=" + acme.id(), globexWriter), 200);
      assertThat(globexPage.get("data").findValuesAsText("id")).doesNotContain(first, second);
    }

    @Test
    void pagingParametersAreChecked() throws Exception {
      assertThat(issuePaths(json(get("/v1/simulations?limit=0&offset=-1", reader), 400)))
          .containsExactlyInAnyOrder("limit", "offset");
      assertThat(issuePaths(json(get("/v1/simulations?limit=201", reader), 400)))
          .containsExactly("limit");
      assertThat(issuePaths(json(get("/v1/simulations?organizationId=zzz", reader), 400)))
          .containsExactly("organizationId");
    }

    @Test
    void aUserFiltersByTheirOrganizationsOnly() throws Exception {
      String inAcme = createInline();
      String inGlobex =
          json(post("/v1/simulations", globexWriter, "{\"scenario\":" + INLINE + "}"), 201)
              .get("id")
              .asText();
      // carol belongs to both: the filter, not her membership, keeps globex's out
      String token = SimTestFixture.jwt("carol", Instant.now().plusSeconds(300));
      JsonNode mine =
          json(client.getWithToken("/v1/simulations?organizationId=" + acme.id(), token), 200);
      assertThat(mine.get("data").findValuesAsText("id")).contains(inAcme).doesNotContain(inGlobex);
      assertThat(mine.get("data").findValuesAsText("organizationId"))
          .containsOnly(acme.id().toString());
      JsonNode theirs =
          json(client.getWithToken("/v1/simulations?organizationId=" + globex.id(), token), 200);
      assertThat(theirs.get("data").findValuesAsText("id"))
          .contains(inGlobex)
          .doesNotContain(inAcme);
      String strangerToken = SimTestFixture.jwt("dave", Instant.now().plusSeconds(300));
      json(client.getWithToken("/v1/simulations?organizationId=" + acme.id(), strangerToken), 403);
    }

    @Test
    void getAndItsErrors() throws Exception {
      String id = createInline();
      JsonNode body = json(get("/v1/simulations/" + id, reader), 200);
      assertThat(body.get("status").asText()).isEqualTo("created");
      json(get("/v1/simulations/" + id, globexWriter), 404);
      json(get("/v1/simulations/" + UUID.randomUUID(), reader), 404);
      assertThat(issuePaths(json(get("/v1/simulations/xyz", reader), 400))).containsExactly("id");
    }

    /** Another organization's simulation is told from an unknown id by nothing but its id. */
    @Test
    void aSimulationOfAnotherOrganizationAnswersAsAnUnknownId() throws Exception {
      String id = createInline();
      UUID unknown = UUID.randomUUID();
      JsonNode foreign = json(get("/v1/simulations/" + id, globexWriter), 404).get("error");
      JsonNode missing = json(get("/v1/simulations/" + unknown, globexWriter), 404).get("error");
      assertThat(foreign.get("code").asText()).isEqualTo(missing.get("code").asText());
      assertThat(foreign.get("message").asText())
          .isEqualTo(missing.get("message").asText().replace(unknown.toString(), id));
      assertThat(foreign.get("details")).isEqualTo(missing.get("details"));
    }
  }

  @Nested
  class Step {
    @Test
    void advancesAndAnswersTheState() throws Exception {
      String id = createInline();
      JsonNode body = json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":12}"), 200);
      assertThat(body.get("ticks").asInt()).isEqualTo(12);
      assertThat(body.get("state").get("tick").asInt()).isEqualTo(11);
      JsonNode again = json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":3}"), 200);
      assertThat(again.get("state").get("tick").asInt()).isEqualTo(14);
      assertThat(json(get("/v1/simulations/" + id, reader), 200).get("status").asText())
          .isEqualTo("paused");
    }

    @Test
    void errors() throws Exception {
      String id = createInline();
      assertThat(
              issuePaths(
                  json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":0}"), 400)))
          .containsExactly("ticks");
      assertThat(issuePaths(json(post("/v1/simulations/" + id + "/step", writer, "{}"), 400)))
          .containsExactly("ticks");
      json(post("/v1/simulations/" + id + "/step", globexWriter, "{\"ticks\":1}"), 404);
      json(post("/v1/simulations/" + id + "/step", reader, "{\"ticks\":1}"), 403);
      json(post("/v1/simulations/" + UUID.randomUUID() + "/step", writer, "{\"ticks\":1}"), 404);
    }

    @Test
    void passingTheTicksPerRunIsAQuotaAndReachingItCompletes() throws Exception {
      String id = createInline();
      json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":9995}"), 200);
      JsonNode over = json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":10}"), 403);
      assertThat(over.get("error").get("code").asText()).isEqualTo("QUOTA_EXCEEDED");
      json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":5}"), 200);
      assertThat(json(get("/v1/simulations/" + id, reader), 200).get("status").asText())
          .isEqualTo("completed");
      JsonNode done = json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":1}"), 409);
      assertThat(done.get("error").get("code").asText()).isEqualTo("CONFLICT");
    }

    @Test
    void aSimulationWithNoAgentsLeftIsCompleted() throws Exception {
      String id = createInline();
      for (String agent : List.of("a1", "a2")) {
        json(
            post(
                "/v1/simulations/" + id + "/decrees",
                writer,
                "{\"type\":\"agent.remove\",\"payload\":{\"agentId\":\"" + agent + "\"}}"),
            201);
      }
      json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":1}"), 200);
      assertThat(json(get("/v1/simulations/" + id, reader), 200).get("status").asText())
          .isEqualTo("completed");
      json(
          post(
              "/v1/simulations/" + id + "/decrees",
              writer,
              "{\"type\":\"shock\",\"payload\":{\"magnitude\":1}}"),
          409);
      json(
          put(
              "/v1/simulations/" + id + "/agent-policy",
              writer,
              "{\"agentId\":\"a1\",\"policy\":{\"gamma\":0.5}}"),
          409);
    }
  }

  @Nested
  class Trace {
    @Test
    void isNotAvailableBeforeTheFirstTick() throws Exception {
      json(get("/v1/simulations/" + createInline() + "/trace", reader), 404);
      json(get("/v1/simulations/" + UUID.randomUUID() + "/trace", reader), 404);
    }

    @Test
    void sameInputsGiveTheSameBytes() throws Exception {
      String first = createInline();
      String second = createInline();
      for (String id : List.of(first, second)) {
        post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":30}");
        post(
            "/v1/simulations/" + id + "/decrees",
            writer,
            "{\"type\":\"shock\",\"payload\":{\"magnitude\":3}}");
        put(
            "/v1/simulations/" + id + "/agent-policy",
            writer,
            "{\"agentId\":\"a2\",\"policy\":{\"lambda\":0.9}}");
        post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":30}");
      }
      String a = get("/v1/simulations/" + first + "/trace", reader).body();
      String b = get("/v1/simulations/" + second + "/trace", reader).body();
      assertThat(a).isEqualTo(b);
      JsonNode trace = JSON.readTree(a);
      assertThat(trace.get("steps")).hasSize(60);
      assertThat(trace.has("metadata")).isTrue();
      assertThat(trace.has("initialState")).isTrue();
    }

    @Test
    void ndjsonHasOneLinePerStepAfterTheHeaderLines() throws Exception {
      String id = createInline();
      post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":20}");
      HttpResponse<String> response =
          client.send(
              client
                  .request("/v1/simulations/" + id + "/trace")
                  .header("X-Api-Key", reader)
                  .header("Accept", "application/x-ndjson"));
      assertThat(response.body().split("\n")).hasSize(22);
      json(get("/v1/simulations/" + id + "/trace", globexWriter), 404);
    }

    @Test
    void traceNdjsonIsTheSameStreamAtAPathOfItsOwn() throws Exception {
      String id = createInline();
      json(get("/v1/simulations/" + id + "/trace.ndjson", reader), 404);
      post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":20}");
      HttpResponse<String> negotiated =
          client.send(
              client
                  .request("/v1/simulations/" + id + "/trace?fromTick=5&toTick=9")
                  .header("X-Api-Key", reader)
                  .header("Accept", "application/x-ndjson"));
      HttpResponse<String> own =
          get("/v1/simulations/" + id + "/trace.ndjson?fromTick=5&toTick=9", reader);
      assertThat(own.statusCode()).isEqualTo(200);
      assertThat(own.headers().firstValue("Content-Type").orElseThrow())
          .startsWith("application/x-ndjson");
      assertThat(own.body()).isEqualTo(negotiated.body());
      assertThat(own.body().split("\n")).hasSize(7);
      json(get("/v1/simulations/" + id + "/trace.ndjson?fromTick=-1", reader), 400);
      json(get("/v1/simulations/" + id + "/trace.ndjson", globexWriter), 404);
      json(get("/v1/simulations/" + UUID.randomUUID() + "/trace.ndjson", reader), 404);
    }
  }

  @Nested
  class Inputs {
    @Test
    void decreesAreListedInEitherOrder() throws Exception {
      String id = createInline();
      json(
          post(
              "/v1/simulations/" + id + "/decrees",
              writer,
              "{\"type\":\"shock\",\"payload\":{\"magnitude\":1}}"),
          201);
      JsonNode second =
          json(
              post(
                  "/v1/simulations/" + id + "/decrees",
                  writer,
                  "{\"type\":\"rule.set\",\"payload\":{\"name\":\"maxSpeed\",\"value\":3}}"),
              201);
      assertThat(second.get("simulationId").asText()).isEqualTo(id);
      assertThat(second.get("tick").asInt()).isZero();
      JsonNode asc = json(get("/v1/simulations/" + id + "/decrees", reader), 200);
      assertThat(asc.get("data").findValuesAsText("type")).containsExactly("shock", "rule.set");
      JsonNode desc =
          json(get("/v1/simulations/" + id + "/decrees?order=desc&limit=1", reader), 200);
      assertThat(desc.get("data").findValuesAsText("type")).containsExactly("rule.set");
      assertThat(desc.get("pagination").get("total").asInt()).isEqualTo(2);
    }

    @Test
    void decreeErrors() throws Exception {
      String id = createInline();
      JsonNode unknown =
          json(
              post(
                  "/v1/simulations/" + id + "/decrees",
                  writer,
                  "{\"type\":\"miracle\",\"payload\":{}}"),
              400);
      assertThat(issuePaths(unknown)).containsExactly("type");
      assertThat(unknown.get("error").get("message").asText()).contains("attractor.add");
      JsonNode badPayload =
          json(
              post(
                  "/v1/simulations/" + id + "/decrees",
                  writer,
                  "{\"type\":\"shock\",\"payload\":{\"magnitude\":\"big\"}}"),
              400);
      assertThat(issuePaths(badPayload)).containsExactly("payload.magnitude");
      assertThat(issuePaths(json(post("/v1/simulations/" + id + "/decrees", writer, "{}"), 400)))
          .containsExactlyInAnyOrder("type", "payload");
      json(
          post(
              "/v1/simulations/" + id + "/decrees",
              globexWriter,
              "{\"type\":\"shock\",\"payload\":{\"magnitude\":1}}"),
          404);
      json(
          post(
              "/v1/simulations/" + UUID.randomUUID() + "/decrees",
              writer,
              "{\"type\":\"shock\",\"payload\":{\"magnitude\":1}}"),
          404);
      assertThat(
              issuePaths(
                  json(get("/v1/simulations/" + id + "/decrees?order=sideways", reader), 400)))
          .containsExactly("order");
      json(get("/v1/simulations/" + id + "/decrees", globexWriter), 404);
    }

    @Test
    void agentPolicyChangesAndItsErrors() throws Exception {
      String id = createInline();
      JsonNode ok =
          json(
              put(
                  "/v1/simulations/" + id + "/agent-policy",
                  writer,
                  "{\"agentId\":\"a1\",\"policy\":{\"lambda\":0.3,\"gamma\":0.6}}"),
              200);
      assertThat(ok.get("ok").asBoolean()).isTrue();
      json(
          put(
              "/v1/simulations/" + id + "/agent-policy",
              writer,
              "{\"agentId\":\"ghost\",\"policy\":{\"gamma\":0.6}}"),
          404);
      assertThat(
              issuePaths(
                  json(
                      put(
                          "/v1/simulations/" + id + "/agent-policy",
                          writer,
                          "{\"policy\":{\"gamma\":0.6}}"),
                      400)))
          .containsExactly("agentId");
      json(
          put(
              "/v1/simulations/" + id + "/agent-policy",
              writer,
              "{\"agentId\":\"a1\",\"policy\":{\"gamma\":-4}}"),
          400);
      json(
          put(
              "/v1/simulations/" + id + "/agent-policy",
              globexWriter,
              "{\"agentId\":\"a1\",\"policy\":{\"gamma\":0.6}}"),
          404);
    }

    @Test
    void propheciesArePublishedAsTheSimulationRuns() throws Exception {
      String id =
          json(post("/v1/simulations", writer, "{\"scenarioId\":\"prophecy-loop\"}"), 201)
              .get("id")
              .asText();
      json(post("/v1/simulations/" + id + "/step", writer, "{\"ticks\":250}"), 200);
      JsonNode page = json(get("/v1/simulations/" + id + "/prophecies?limit=2", reader), 200);
      assertThat(page.get("pagination").get("total").asInt()).isPositive();
      JsonNode first = page.get("data").get(0);
      assertThat(first.get("simulationId").asText()).isEqualTo(id);
      assertThat(first.get("data").get("engineVersion").asText()).isEqualTo("1.0.0");
      JsonNode desc =
          json(get("/v1/simulations/" + id + "/prophecies?order=desc&limit=1", reader), 200);
      assertThat(desc.get("data").get(0).get("tick").asLong())
          .isGreaterThanOrEqualTo(first.get("tick").asLong());
      json(get("/v1/simulations/" + id + "/prophecies?limit=500", reader), 400);
      json(get("/v1/simulations/" + id + "/prophecies", globexWriter), 404);
    }
  }

  @Nested
  class Scenarios {
    @Test
    void arePublic() throws Exception {
      JsonNode list = json(client.send(client.request("/v1/scenarios")), 200);
      assertThat(list.get("data").size()).isGreaterThanOrEqualTo(8);
      assertThat(list.get("data").get(0).fieldNames())
          .toIterable()
          .contains("id", "label", "seed", "tags", "note");
      JsonNode full = json(client.send(client.request("/v1/scenarios/stable-basins")), 200);
      assertThat(full.fieldNames())
          .toIterable()
          .contains("initialState", "agents", "nodeLabels", "rules");
      json(client.send(client.request("/v1/scenarios/unknown")), 404);
    }
  }
}
