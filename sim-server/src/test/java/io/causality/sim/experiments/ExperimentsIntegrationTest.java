package io.causality.sim.experiments;

import static io.causality.sim.experiments.ExperimentsFixture.DEADLINE;
import static io.causality.sim.experiments.ExperimentsFixture.GRID;
import static io.causality.sim.experiments.ExperimentsFixture.SCENARIO;
import static io.causality.sim.experiments.ExperimentsFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.Await;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The experiments' endpoints on one instance: each success and each error. */
@ExtendWith(DropwizardExtensionsSupport.class)
class ExperimentsIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("experiments.workers", "2"),
          ConfigOverride.config("experiments.pollInterval", "50 milliseconds"),
          ConfigOverride.config("events.heartbeatInterval", "200 milliseconds"));

  /** Long enough that it is still under way when the test acts on it. */
  static final String LONG =
      """
      {"scenarioId": "tipping-point", "replications": 40, "ticks": 10000}
      """;

  static OrganizationRow acme;
  static String writer;
  static String reader;
  static String otherWriter;
  static OrganizationAdmin admin;

  private final ExperimentsFixture api = new ExperimentsFixture(APP);

  @BeforeAll
  static void callers() {
    admin = SimTestFixture.admin(APP);
    acme = SimTestFixture.organization(admin, "strategic");
    writer = admin.createApiKey(acme.slug(), "simulation:read,simulation:write").key();
    reader = admin.createApiKey(acme.slug(), "simulation:read").key();
    OrganizationRow other = SimTestFixture.organization(admin, "professional");
    otherWriter = admin.createApiKey(other.slug(), "simulation:read,simulation:write").key();
    admin.addMember(acme.slug(), "dora", "member");
  }

  /** A professional organization's writer key. */
  static String professionalWriter() {
    OrganizationRow org = SimTestFixture.organization(admin, "professional");
    return admin.createApiKey(org.slug(), "simulation:read,simulation:write").key();
  }

  /** A community organization's writer key: limits of its own. */
  static String communityWriter() {
    OrganizationRow org = SimTestFixture.organization(admin, "community");
    return admin.createApiKey(org.slug(), "simulation:read,simulation:write").key();
  }

  @Nested
  class Submit {
    @Test
    void aGridRunsToCompletionWithItsRunsAndAggregates() throws Exception {
      HttpResponse<String> accepted = api.post("/v1/experiments", writer, GRID);
      JsonNode experiment = json(accepted, 202);
      String id = experiment.get("id").asText();
      assertThat(accepted.headers().firstValue("Location").orElseThrow())
          .endsWith("/v1/experiments/" + id);
      assertThat(experiment.get("status").asText()).isEqualTo("queued");
      assertThat(experiment.get("combinations").asInt()).isEqualTo(4);
      assertThat(experiment.get("parameters").toString())
          .isEqualTo(
              "[{\"path\":\"agents[*].policy.lambda\",\"values\":[0.5,3]},"
                  + "{\"path\":\"attractors[core].strength\",\"values\":[2,8]}]");
      assertThat(experiment.get("progress").toString())
          .isEqualTo("{\"done\":0,\"running\":0,\"failed\":0,\"total\":12}");

      JsonNode finished = api.awaitFinished(writer, id);
      assertThat(finished.get("status").asText()).isEqualTo("completed");
      assertThat(finished.get("progress").toString())
          .isEqualTo("{\"done\":12,\"running\":0,\"failed\":0,\"total\":12}");
      assertThat(finished.get("finishedAt").isNull()).isFalse();

      JsonNode runs =
          json(api.get("/v1/experiments/" + id + "/runs?limit=5&offset=2", reader), 200);
      assertThat(runs.get("data")).hasSize(5);
      assertThat(runs.get("pagination").toString())
          .isEqualTo("{\"limit\":5,\"offset\":2,\"total\":12}");
      JsonNode third = runs.get("data").get(0);
      assertThat(third.get("run").asInt()).isEqualTo(2);
      assertThat(third.get("replication").asInt()).isEqualTo(2);
      assertThat(third.get("parameters").toString())
          .isEqualTo("{\"agents[*].policy.lambda\":0.5,\"attractors[core].strength\":2}");
      assertThat(third.get("outcomes").fieldNames())
          .toIterable()
          .containsExactly("finalB", "losses", "paradoxes", "ticksToBreach");
    }

    @Test
    void replicationZeroRunsTheScenariosOwnSeedAndCombinationsShareSeeds() throws Exception {
      String id = api.submit(writer, GRID);
      api.awaitFinished(writer, id);
      JsonNode runs = json(api.get("/v1/experiments/" + id + "/runs?limit=200", reader), 200);
      List<Long> seeds = new ArrayList<>();
      runs.get("data").forEach(run -> seeds.add(run.get("seed").asLong()));
      assertThat(seeds.get(0)).isEqualTo(11);
      assertThat(seeds.subList(0, 3)).isEqualTo(seeds.subList(3, 6));
      assertThat(seeds.subList(0, 3)).doesNotHaveDuplicates();
    }

    @Test
    void runsComeAsNdjsonAndCsvWithTheSameRows() throws Exception {
      String id = api.submit(writer, GRID);
      api.awaitFinished(writer, id);
      HttpResponse<String> ndjson =
          api.get("/v1/experiments/" + id + "/runs", reader, "application/x-ndjson");
      assertThat(ndjson.statusCode()).isEqualTo(200);
      assertThat(ndjson.headers().firstValue("Content-Type").orElseThrow())
          .startsWith("application/x-ndjson");
      String[] lines = ndjson.body().split("\n");
      assertThat(lines).hasSize(12);
      JsonNode page = json(api.get("/v1/experiments/" + id + "/runs?limit=200", reader), 200);
      for (int i = 0; i < 12; i++) {
        assertThat(ExperimentsFixture.JSON.readTree(lines[i])).isEqualTo(page.get("data").get(i));
      }
      HttpResponse<String> csv = api.get("/v1/experiments/" + id + "/runs", reader, "text/csv");
      assertThat(csv.statusCode()).isEqualTo(200);
      String[] rows = csv.body().split("\n");
      assertThat(rows).hasSize(13);
      assertThat(rows[0])
          .isEqualTo(
              "run,combination,replication,\"agents[*].policy.lambda\",\"attractors[core].strength\","
                  + "seed,status,finalB,losses,paradoxes,ticksToBreach,simulationId,error");
      JsonNode first = page.get("data").get(0);
      assertThat(rows[1])
          .startsWith("0,0,0,0.5,2,11,done," + first.get("outcomes").get("finalB").asText());
    }

    @Test
    void aggregatesAreExactStatisticsOfTheRuns() throws Exception {
      String id = api.submit(writer, GRID);
      api.awaitFinished(writer, id);
      JsonNode aggregates = json(api.get("/v1/experiments/" + id + "/aggregates", reader), 200);
      assertThat(aggregates.get("percentiles").asText()).isEqualTo("exact");
      assertThat(aggregates.get("pagination").get("total").asInt()).isEqualTo(4);
      JsonNode last = aggregates.get("data").get(3);
      assertThat(last.get("combination").asInt()).isEqualTo(3);
      assertThat(last.get("runs").asInt()).isEqualTo(3);
      JsonNode b = last.get("series").get("b");
      assertThat(b.get("ticks").toString()).isEqualTo("[0,10,20,30,39]");
      // the last collected b of each run is its finalB: the statistics are over those
      JsonNode runs = json(api.get("/v1/experiments/" + id + "/runs?offset=9", reader), 200);
      List<Double> finals = new ArrayList<>();
      runs.get("data").forEach(r -> finals.add(r.get("outcomes").get("finalB").asDouble()));
      assertThat(b.get("max").get(4).asDouble())
          .isEqualTo(finals.stream().max(Double::compare).get());
      assertThat(b.get("min").get(4).asDouble())
          .isEqualTo(finals.stream().min(Double::compare).get());
      List<Double> sorted = finals.stream().sorted().toList();
      assertThat(b.get("p50").get(4).asDouble()).isEqualTo(sorted.get(1));
      assertThat(last.get("series").fieldNames()).toIterable().containsExactly("b", "lost");
      JsonNode paged = json(api.get("/v1/experiments/" + id + "/aggregates?offset=3", reader), 200);
      assertThat(paged.get("data")).hasSize(1);
    }

    @Test
    void aDomainAdapterScenarioRuns() throws Exception {
      String body =
          """
          {"domain": "market",
           "input": {"seed": 9, "assets": [{"symbol": "AAA", "price": 10, "volatility": 0.5,
                      "liquidity": 0.8}],
                     "traders": [{"id": "t1", "strategy": "value"}, {"id": "t2",
                      "strategy": "noise"}]},
           "parameters": {"agents[t2].policy.gamma": [0.1, 0.9]}, "ticks": 20}
          """;
      String id = api.submit(writer, body);
      assertThat(api.awaitFinished(writer, id).get("status").asText()).isEqualTo("completed");
    }

    @Test
    void anIdempotentRetryGetsTheSameExperiment() throws Exception {
      HttpRequest.Builder request =
          api.client()
              .request("/v1/experiments")
              .header("X-Api-Key", writer)
              .header("Content-Type", "application/json")
              .header("Idempotency-Key", "exp-" + System.nanoTime())
              .POST(HttpRequest.BodyPublishers.ofString(GRID));
      HttpResponse<String> first = api.client().send(request);
      HttpResponse<String> again = api.client().send(request);
      assertThat(again.statusCode()).isEqualTo(202);
      assertThat(again.headers().firstValue("Idempotency-Replayed")).hasValue("true");
      assertThat(again.body()).isEqualTo(first.body());
    }

    @Test
    void aUserSubmitsForTheirOrganization() throws Exception {
      String jwt = SimTestFixture.jwt("dora", Instant.now().plusSeconds(600));
      HttpResponse<String> accepted =
          api.client()
              .send(
                  api.client()
                      .request("/v1/experiments")
                      .header("Authorization", "Bearer " + jwt)
                      .header("Content-Type", "application/json")
                      .POST(HttpRequest.BodyPublishers.ofString(GRID)));
      assertThat(json(accepted, 202).get("organizationId").asText())
          .isEqualTo(acme.id().toString());
    }
  }

  @Nested
  class DryRun {
    private final String writer = professionalWriter();

    @Test
    void answersTheRunsAndTheLicenseAndStoresNothing() throws Exception {
      api.submit(writer, GRID);
      long before =
          json(api.get("/v1/experiments", writer), 200).get("pagination").get("total").asLong();
      JsonNode dry = json(api.post("/v1/experiments?dryRun=true", writer, GRID), 200);
      assertThat(dry.get("runs").asInt()).isEqualTo(12);
      assertThat(dry.get("combinations").asInt()).isEqualTo(4);
      assertThat(dry.get("ticksTotal").asLong()).isEqualTo(480);
      JsonNode quota = dry.get("quota");
      assertThat(quota.get("tier").asText()).isEqualTo("professional");
      assertThat(quota.get("maxRunsPerExperiment").asInt()).isEqualTo(1_000);
      assertThat(quota.get("maxConcurrentExperiments").asInt()).isEqualTo(2);
      assertThat(quota.get("simulationRunsLeft").asLong())
          .isEqualTo(1_000 - quota.get("simulationRunsUsed").asLong());
      assertThat(quota.get("simulationRunsUsed").asLong()).isEqualTo(12);
      assertThat(dry.get("refusal").isNull()).isTrue();
      long after =
          json(api.get("/v1/experiments", writer), 200).get("pagination").get("total").asLong();
      assertThat(after).isEqualTo(before);
    }

    @Test
    void reportsTheRefusalASubmissionWouldGet() throws Exception {
      String body = GRID.replace("\"replications\": 3", "\"replications\": 300");
      JsonNode dry = json(api.post("/v1/experiments?dryRun=true", writer, body), 200);
      assertThat(dry.get("runs").asInt()).isEqualTo(1_200);
      assertThat(dry.get("refusal").get("code").asText()).isEqualTo("QUOTA_EXCEEDED");
      assertThat(dry.get("refusal").get("details"))
          .isEqualTo(
              ExperimentsFixture.JSON.readTree(
                  "{\"limit\":\"maxRunsPerExperiment\",\"value\":1000}"));
    }
  }

  @Nested
  class Refusals {
    @Test
    void unknownPathsAndBadValuesAreOneIssueEach() throws Exception {
      String body =
          """
          {"scenario": %s, "ticks": 10,
           "parameters": {"agents[*].policy.chaos": [1], "agents[*].policy.lambda": [0.5, 11],
                          "attractors[nowhere].strength": [1],
                          "agents[*].policy.gamma": {"from": 0, "to": 2, "steps": 0},
                          "rules.prophecyDepth": [1.5]},
           "collect": {"series": ["b", "heat"], "outcomes": ["finalB", "finalB"]}}
          """
              .formatted(SCENARIO);
      JsonNode error = json(api.post("/v1/experiments", writer, body), 400).get("error");
      assertThat(error.get("code").asText()).isEqualTo("VALIDATION_ERROR");
      List<String> paths = new ArrayList<>();
      error.get("details").get("issues").forEach(i -> paths.add(i.get("path").asText()));
      assertThat(paths)
          .containsExactlyInAnyOrder(
              "parameters.agents[*].policy.chaos",
              "parameters.agents[*].policy.lambda[1]",
              "parameters.attractors[nowhere].strength",
              "parameters.agents[*].policy.gamma.to",
              "parameters.agents[*].policy.gamma.steps",
              "parameters.rules.prophecyDepth[0]",
              "collect.series[1]",
              "collect.outcomes[1]");
    }

    @Test
    void aGridOfTooManyRunsOrTicksCollectedIsRefused() throws Exception {
      String body =
          """
          {"scenarioId": "chaos-storm", "ticks": 10000, "replications": 10000,
           "parameters": {"seed": {"from": 1, "to": 11, "steps": 11}},
           "collect": {"every": 1}}
          """;
      JsonNode error = json(api.post("/v1/experiments", writer, body), 400).get("error");
      List<String> paths = new ArrayList<>();
      error.get("details").get("issues").forEach(i -> paths.add(i.get("path").asText()));
      assertThat(paths).containsExactlyInAnyOrder("collect.every", "replications");
    }

    @Test
    void theScenarioIsNamedExactlyOnce() throws Exception {
      JsonNode none = json(api.post("/v1/experiments", writer, "{\"ticks\": 5}"), 400);
      assertThat(none.get("error").get("details").get("issues")).hasSize(3);
      String both = "{\"scenarioId\": \"chaos-storm\", \"domain\": \"market\", \"ticks\": 5}";
      json(api.post("/v1/experiments", writer, both), 400);
      json(api.post("/v1/experiments", writer, "{\"scenarioId\": \"nope\", \"ticks\": 5}"), 404);
      String domain = "{\"domain\": \"nope\", \"input\": {}, \"ticks\": 5}";
      json(api.post("/v1/experiments", writer, domain), 404);
      json(api.post("/v1/experiments", writer, "{\"scenarioId\": \"chaos-storm\"}"), 400);
    }

    @Test
    void writingNeedsTheWriteScope() throws Exception {
      json(api.post("/v1/experiments", reader, GRID), 403);
      String id = api.submit(writer, GRID);
      json(api.post("/v1/experiments/" + id + "/cancel", reader, ""), 403);
    }

    @Test
    void anotherOrganizationsExperimentAnswersAsAnUnknownOne() throws Exception {
      String id = api.submit(writer, GRID);
      for (String path : List.of("", "/runs", "/aggregates")) {
        JsonNode foreign = json(api.get("/v1/experiments/" + id + path, otherWriter), 404);
        assertThat(foreign.get("error").get("message").asText()).isEqualTo("No experiment " + id);
      }
      json(api.post("/v1/experiments/" + id + "/cancel", otherWriter, ""), 404);
      json(api.get("/v1/experiments/" + java.util.UUID.randomUUID(), reader), 404);
      json(api.get("/v1/experiments/not-a-uuid", reader), 400);
      JsonNode others = json(api.get("/v1/experiments", otherWriter), 200);
      others.get("data").forEach(e -> assertThat(e.get("id").asText()).isNotEqualTo(id));
    }

    @Test
    void runsPerExperimentAndKeptTracesAreLicensed() throws Exception {
      String key = communityWriter();
      String many = GRID.replace("\"replications\": 3", "\"replications\": 30");
      JsonNode error = json(api.post("/v1/experiments", key, many), 403).get("error");
      assertThat(error.get("code").asText()).isEqualTo("QUOTA_EXCEEDED");
      assertThat(error.get("details").get("limit").asText()).isEqualTo("maxRunsPerExperiment");
      String kept = GRID.replace("\"ticks\": 40", "\"ticks\": 40, \"keepTraces\": true");
      JsonNode traces = json(api.post("/v1/experiments", key, kept), 403).get("error");
      assertThat(traces.get("details").get("limit").asText()).isEqualTo("maxKeptTraces");
      assertThat(json(api.get("/v1/experiments", key), 200).get("data")).isEmpty();
    }

    @Test
    void thePeriodsRunsAreCountedAtSubmission() throws Exception {
      String key = communityWriter();
      String sixty = GRID.replace("\"replications\": 3", "\"replications\": 15");
      String first = api.submit(key, sixty);
      api.awaitFinished(key, first);
      JsonNode error = json(api.post("/v1/experiments", key, sixty), 403).get("error");
      assertThat(error.get("details"))
          .isEqualTo(
              ExperimentsFixture.JSON.readTree("{\"limit\":\"maxSimulationRuns\",\"value\":100}"));
      assertThat(error.get("message").asText()).contains("40 are left");
    }

    @Test
    void experimentsUnderWayAreLicensedWithRetryAfter() throws Exception {
      String key = communityWriter();
      String running = api.submit(key, LONG.replace("40", "20"));
      HttpResponse<String> refused = api.post("/v1/experiments", key, GRID);
      JsonNode error = json(refused, 429).get("error");
      assertThat(error.get("code").asText()).isEqualTo("RATE_LIMITED");
      assertThat(error.get("details").get("limit").asText()).isEqualTo("maxConcurrentExperiments");
      assertThat(refused.headers().firstValue("Retry-After")).hasValue("30");
      json(api.post("/v1/experiments/" + running + "/cancel", key, ""), 200);
      json(api.post("/v1/experiments", key, GRID), 202);
    }
  }

  @Nested
  class Cancel {
    @Test
    void anExperimentUnderWayIsCancelledAndStaysSo() throws Exception {
      String id = api.submit(writer, LONG);
      JsonNode cancelled = json(api.post("/v1/experiments/" + id + "/cancel", writer, ""), 200);
      assertThat(cancelled.get("status").asText()).isEqualTo("cancelled");
      assertThat(cancelled.get("finishedAt").isNull()).isFalse();
      json(api.post("/v1/experiments/" + id + "/cancel", writer, ""), 200);
      JsonNode conflict = json(api.get("/v1/experiments/" + id + "/aggregates", reader), 409);
      assertThat(conflict.get("error").get("code").asText()).isEqualTo("CONFLICT");
      JsonNode after = json(api.get("/v1/experiments/" + id, reader), 200);
      assertThat(after.get("status").asText()).isEqualTo("cancelled");
      assertThat(after.get("progress").get("done").asInt()).isLessThan(40);
    }

    @Test
    void aFinishedExperimentIsAConflict() throws Exception {
      String id = api.submit(writer, GRID);
      api.awaitFinished(writer, id);
      json(api.post("/v1/experiments/" + id + "/cancel", writer, ""), 409);
    }

    @Test
    void aggregatesWaitForTheEnd() throws Exception {
      String id = api.submit(writer, LONG);
      json(api.get("/v1/experiments/" + id + "/aggregates", reader), 409);
      json(api.post("/v1/experiments/" + id + "/cancel", writer, ""), 200);
    }
  }

  @Nested
  class Lists {
    @Test
    void pagedNewestFirstAndFilteredByStatus() throws Exception {
      String first = api.submit(writer, GRID);
      String second = api.submit(writer, GRID);
      api.awaitFinished(writer, first);
      api.awaitFinished(writer, second);
      JsonNode page = json(api.get("/v1/experiments?limit=2", reader), 200);
      assertThat(page.get("data").get(0).get("id").asText()).isEqualTo(second);
      assertThat(page.get("data").get(1).get("id").asText()).isEqualTo(first);
      JsonNode completed = json(api.get("/v1/experiments?status=completed&limit=200", reader), 200);
      completed
          .get("data")
          .forEach(e -> assertThat(e.get("status").asText()).isEqualTo("completed"));
      json(api.get("/v1/experiments?status=lost", reader), 400);
      json(api.get("/v1/experiments?limit=201", reader), 400);
    }

    /**
     * More runs than a streamed list reads per query (500), in chunks of fewer: the list goes on
     * from inside a chunk, in run order, with no run twice or missing.
     */
    @Test
    void aLongRunListStreamsEveryRunOnceInRunOrderFromAnyOffset() throws Exception {
      String body =
          GRID.replace("\"replications\": 3, \"ticks\": 40", "\"replications\": 275, \"ticks\": 2");
      String id = api.submit(writer, body);
      api.awaitFinished(writer, id);

      assertThat(
              runIndexes(
                  api.get("/v1/experiments/" + id + "/runs", reader, "application/x-ndjson")
                      .body()))
          .containsExactlyElementsOf(IntStream.range(0, 1_100).boxed().toList());
      String window = "/v1/experiments/" + id + "/runs?offset=450&limit=600";
      assertThat(runIndexes(api.get(window, reader, "application/x-ndjson").body()))
          .containsExactlyElementsOf(IntStream.range(450, 1_050).boxed().toList());
      String[] csv = api.get(window, reader, "text/csv").body().split("\n");
      assertThat(csv).hasSize(601);
      assertThat(csv[1]).startsWith("450,");
      assertThat(csv[600]).startsWith("1049,");
    }

    private static List<Integer> runIndexes(String ndjson) throws Exception {
      List<Integer> runs = new ArrayList<>();
      for (String line : ndjson.split("\n")) {
        runs.add(ExperimentsFixture.JSON.readTree(line).get("run").asInt());
      }
      return runs;
    }
  }

  @Nested
  class KeptTraces {
    @Test
    void aKeptRunIsASimulationWithTheRunsTrace() throws Exception {
      String body = GRID.replace("\"ticks\": 40", "\"ticks\": 40, \"keepTraces\": true");
      String id = api.submit(writer, body);
      api.awaitFinished(writer, id);
      JsonNode run =
          json(api.get("/v1/experiments/" + id + "/runs?offset=7&limit=1", reader), 200)
              .get("data")
              .get(0);
      String simulation = run.get("simulationId").asText();
      JsonNode trace = json(api.get("/v1/simulations/" + simulation + "/trace", reader), 200);
      assertThat(trace.get("metadata").get("seed").asLong()).isEqualTo(run.get("seed").asLong());
      assertThat(trace.get("steps")).hasSize(40);
      JsonNode lastState = trace.get("steps").get(39).get("state");
      assertThat(lastState.get("b").asText()).isEqualTo(run.get("outcomes").get("finalB").asText());
    }
  }

  @Nested
  class Events {
    @Test
    void theStreamTellsStatusAndProgressAndResumesAfterAnyId() throws Exception {
      String id = api.submit(writer, GRID);
      api.awaitFinished(writer, id);
      Map<String, String> from0 = Map.of("X-Api-Key", reader, "Last-Event-ID", "0");
      List<Event> all;
      try (SseTestClient events =
          SseTestClient.open(APP.getLocalPort(), "/v1/experiments/" + id + "/events", from0)) {
        assertThat(events.status()).isEqualTo(200);
        all = events.until(e -> e.data().contains("\"completed\""), DEADLINE);
      }
      assertThat(all.get(0).name()).isEqualTo("experiment:status");
      assertThat(all.get(0).id()).isEqualTo("1");
      assertThat(all.get(0).data()).contains("\"queued\"");
      assertThat(all.get(1).data()).contains("\"running\"");
      assertThat(all.stream().filter(e -> e.name().equals("progress")).toList()).isNotEmpty();
      for (int i = 0; i < all.size(); i++) {
        assertThat(all.get(i).id()).isEqualTo(Integer.toString(i + 1));
      }
      Map<String, String> resume = Map.of("X-Api-Key", reader, "Last-Event-ID", "2");
      try (SseTestClient events =
          SseTestClient.open(APP.getLocalPort(), "/v1/experiments/" + id + "/events", resume)) {
        List<Event> rest = events.until(e -> e.data().contains("\"completed\""), DEADLINE);
        assertThat(rest).isEqualTo(all.subList(2, all.size()));
        Event heartbeat = events.until(e -> e.name().equals("heartbeat"), DEADLINE).get(0);
        assertThat(heartbeat.id()).isEqualTo(Integer.toString(all.size()));
      }
    }

    @Test
    void aFutureOrMalformedIdIs400AndAnotherOrganization404() throws Exception {
      String id = api.submit(writer, GRID);
      String path = "/v1/experiments/" + id + "/events";
      try (SseTestClient future =
          SseTestClient.open(
              APP.getLocalPort(), path, Map.of("X-Api-Key", reader, "Last-Event-ID", "999"))) {
        assertThat(future.status()).isEqualTo(400);
      }
      try (SseTestClient malformed =
          SseTestClient.open(
              APP.getLocalPort(), path, Map.of("X-Api-Key", reader, "Last-Event-ID", "x-1"))) {
        assertThat(malformed.status()).isEqualTo(400);
      }
      try (SseTestClient other =
          SseTestClient.open(APP.getLocalPort(), path, Map.of("X-Api-Key", otherWriter))) {
        assertThat(other.status()).isEqualTo(404);
      }
    }

    @Test
    void theLicensesStreamsAreCounted() throws Exception {
      String key = communityWriter();
      String id = api.submit(key, GRID);
      String path = "/v1/experiments/" + id + "/events";
      try (SseTestClient first =
              SseTestClient.open(APP.getLocalPort(), path, Map.of("X-Api-Key", key));
          SseTestClient second =
              SseTestClient.open(APP.getLocalPort(), path, Map.of("X-Api-Key", key))) {
        assertThat(first.status()).isEqualTo(200);
        assertThat(second.status()).isEqualTo(429);
      }
      Await.until(
          "the slot is freed",
          DEADLINE,
          () -> {
            try (SseTestClient again =
                SseTestClient.open(APP.getLocalPort(), path, Map.of("X-Api-Key", key))) {
              return again.status() == 200;
            }
          });
    }
  }
}
