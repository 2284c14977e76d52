package io.causality.sim.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.openapi.DocumentOperations;
import io.causality.common.testing.Gen;
import io.causality.common.testing.HostileBodies;
import io.causality.common.testing.HostileInput;
import io.causality.common.testing.HostileInput.Operation;
import io.causality.common.testing.RawHttp;
import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint that /v1/openapi.json lists, over real HTTP, with what a careless or hostile
 * client sends: malformed and mistyped bodies, odd headers, garbage query values and path ids.
 * Whatever arrives, the answer is never a 5xx, and every error is the documented envelope with
 * nothing internal in it.
 */
class HostileInputIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PARAMETER = Pattern.compile("\\{([^}:]+)(:[^}]*)?}");
  private static final String INLINE =
      """
      {"seed": 7,
       "agents": [{"id": "a1", "marker": {"x": 50, "y": 50},
                   "policy": {"lambda": 0.1, "gamma": 0.5}, "attractorPreferences": {"core": 1}},
                  {"id": "a2", "marker": {"x": 52, "y": 48}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
      """;

  private static DropwizardAppExtension<SimConfiguration> app;
  private static List<Operation> operations;
  private static Map<String, List<String>> validIds;
  private static String apiKey;

  /** One documented operation: its method, path template, query parameters and body. */
  @BeforeAll
  static void start() throws Exception {
    // A small body limit puts the 413 path, declared and chunked, in the mix.
    app =
        SimTestFixture.app(
            ConfigOverride.config("rateLimits.enabled", "false"),
            ConfigOverride.config("maxRequestBodySize", "64KiB"),
            ConfigOverride.config("evaluation.policyPath", policyFile().toString()),
            ConfigOverride.config("evaluation.coordinatorUrl", "http://127.0.0.1:" + closedPort()),
            ConfigOverride.config("evaluation.timeout", "2 seconds"));
    app.before();
    OrganizationAdmin admin = SimTestFixture.admin(app);
    OrganizationRow org = SimTestFixture.organization(admin, "strategic");
    apiKey =
        admin
            .createApiKey(org.slug(), "simulation:read,simulation:write,org:read,usage:read")
            .key();
    JsonNode openApi = get("/v1/openapi.json");
    String scenario = get("/v1/scenarios").path("data").path(0).path("id").asText();
    String simulation = created(scenario);
    validIds =
        Map.of(
            "simulations",
            List.of(simulation),
            "scenarios",
            List.of(scenario),
            "organizations",
            List.of(org.id().toString()),
            "docs",
            List.of("index.css"));
    operations = operations(openApi, templates(scenario));
  }

  @AfterAll
  static void stop() {
    app.after();
  }

  @Test
  void everyEndpointAnswersHostileInputWithTheEnvelope() {
    HostileInput.sendEach(
        app.getLocalPort(), operations, 400, HostileInputIntegrationTest::request);
  }

  /**
   * Found by review: a number without an RFC 8785 form (I-JSON) cannot be hashed for a token; it is
   * a bad field of the evaluation request, named in the 400.
   */
  @Test
  void aNumberBeyondIJsonIsABadField() throws IOException {
    String body =
        "{\"envelopeVersion\":1,\"requestId\":\"r\",\"actorId\":\"a\",\"snapshot\":"
            + "{\"timestamp\":\"t\",\"metrics\":{\"gamma\":0.2,\"load\":"
            + "9".repeat(400)
            + "}}}";
    RawHttp.Answer answer =
        RawHttp.exchange(
            app.getLocalPort(),
            new RawHttp.Request(
                "POST",
                "/v1/evaluations",
                Map.of("X-Api-Key", apiKey, "Content-Type", "application/json"),
                body.getBytes(StandardCharsets.UTF_8),
                false));

    assertThat(answer.status()).as(answer.text()).isEqualTo(400);
    JsonNode issues = JSON.readTree(answer.body()).path("error").path("details").path("issues");
    assertThat(issues.size()).isEqualTo(1);
    assertThat(issues.path(0).path("path").asText()).isEqualTo("snapshot.metrics.load");
  }

  /** A request for {@code operation}, every part drawn from {@code random}. */
  private static RawHttp.Request request(Operation operation, Random random) {
    boolean hasBody = operation.template() != null;
    String method = HostileInput.methods(operation.method()).next(random);
    String target = target(operation).next(random);
    byte[] body =
        HostileBodies.bodies(operation.template()).orNull(hasBody ? 0.05 : 0.85).next(random);
    boolean chunked = Gen.of(false, false, true).next(random);
    Map<String, String> headers = new LinkedHashMap<>(credentials().next(random));
    String type = HostileInput.contentTypes().orNull(0.1).next(random);
    String accept = HostileInput.accepts().orNull(0.5).next(random);
    Map<String, String> other = otherHeaders().next(random);
    if (body != null && type != null) {
      headers.put("Content-Type", type);
    }
    if (accept != null) {
      headers.put("Accept", accept);
    }
    headers.putAll(other);
    return new RawHttp.Request(method, target, headers, body, chunked);
  }

  /** The path with each parameter a valid id or a hostile segment, and a hostile query. */
  private static Gen<String> target(Operation operation) {
    Matcher parameters = PARAMETER.matcher(operation.path());
    List<Gen<String>> parts = new ArrayList<>();
    int at = 0;
    while (parameters.find()) {
      parts.add(Gen.just(operation.path().substring(at, parameters.start())));
      parts.add(HostileInput.pathSegments(validIdsFor(operation.path())));
      at = parameters.end();
    }
    parts.add(Gen.just(operation.path().substring(at)));
    List<String> names = new ArrayList<>(operation.query());
    names.add("unknown");
    for (String name : names) {
      parts.add(
          HostileInput.queryValues()
              .map(value -> "&" + name + "=" + value)
              .orNull(0.5)
              .map(pair -> pair == null ? "" : pair));
    }
    return Gen.each(parts)
        .map(
            list -> {
              String joined = String.join("", list);
              int query = joined.indexOf('&');
              return query < 0
                  ? joined
                  : joined.substring(0, query) + "?" + joined.substring(query + 1);
            });
  }

  private static List<String> validIdsFor(String path) {
    String collection = path.split("/")[2];
    return validIds.getOrDefault(collection, List.of());
  }

  /** A valid key most of the time, so requests get past authentication to the resources. */
  private static Gen<Map<String, String>> credentials() {
    String jwt = SimTestFixture.jwt("user-1", Instant.now().plusSeconds(3_600));
    return Gen.frequency(
        Gen.weight(6, Gen.just(Map.of("X-Api-Key", apiKey))),
        Gen.weight(1, Gen.just(Map.of("Authorization", "Bearer " + jwt))),
        Gen.weight(1, HostileInput.headerValues().map(v -> Map.of("X-Api-Key", v))),
        Gen.weight(1, HostileInput.headerValues().map(v -> Map.of("Authorization", v))),
        Gen.weight(1, Gen.just(Map.of())));
  }

  private static Gen<Map<String, String>> otherHeaders() {
    Gen<String> value = HostileInput.headerValues();
    return random -> {
      Map<String, String> headers = new LinkedHashMap<>();
      putIfPresent(headers, "X-Request-Id", value.orNull(0.7).next(random));
      putIfPresent(headers, "Idempotency-Key", value.orNull(0.7).next(random));
      putIfPresent(headers, "Last-Event-ID", value.orNull(0.8).next(random));
      putIfPresent(headers, "Accept-Charset", value.orNull(0.9).next(random));
      return headers;
    };
  }

  private static void putIfPresent(Map<String, String> headers, String name, String value) {
    if (value != null) {
      headers.put(name, value);
    }
  }

  /** Every operation of the description; each one with a request body needs a template. */
  private static List<Operation> operations(JsonNode openApi, Map<String, JsonNode> templates) {
    List<Operation> found = new ArrayList<>();
    DocumentOperations.forEach(
        openApi,
        (path, method, operation) -> {
          String key = method.toUpperCase() + " " + path;
          List<String> query = new ArrayList<>();
          operation
              .path("parameters")
              .forEach(
                  p -> {
                    if (p.path("in").asText().equals("query")) {
                      query.add(p.path("name").asText());
                    }
                  });
          boolean hasBody = operation.has("requestBody");
          assertThat(!hasBody || templates.containsKey(key)).as("template for " + key).isTrue();
          found.add(
              new Operation(
                  method.toUpperCase(), path, query, hasBody ? templates.get(key) : null));
        });
    assertThat(found).hasSizeGreaterThan(20);
    // The docs assets are served but not described.
    found.add(new Operation("GET", "/v1/docs/{asset}", List.of(), null));
    return found;
  }

  /** A valid body of each operation that takes one: what the hostile bodies are bent from. */
  private static Map<String, JsonNode> templates(String scenario) throws IOException {
    JsonNode inline = JSON.readTree(INLINE);
    Map<String, JsonNode> templates = new LinkedHashMap<>();
    templates.put("POST /v1/simulations", JSON.createObjectNode().set("scenario", inline));
    templates.put(
        "POST /v1/simulations/from-domain",
        JSON.readTree(
            "{\"domain\":\"epidemic\",\"input\":{\"regions\":[{\"name\":\"north\","
                + "\"population\":20,\"infected\":2}]}}"));
    templates.put(
        "POST /v1/simulations/run",
        JSON.createObjectNode().put("scenarioId", scenario).put("ticks", 5));
    templates.put(
        "POST /v1/simulations/run.ndjson",
        JSON.createObjectNode().put("scenarioId", scenario).put("ticks", 5));
    templates.put("POST /v1/simulations/{id}/step", JSON.readTree("{\"ticks\":2}"));
    templates.put(
        "PUT /v1/simulations/{id}/agent-policy",
        JSON.readTree("{\"agentId\":\"a1\",\"policy\":{\"lambda\":0.2,\"gamma\":0.5}}"));
    templates.put(
        "POST /v1/simulations/{id}/decrees",
        JSON.readTree("{\"type\":\"shock\",\"payload\":{\"magnitude\":1,\"x\":5,\"y\":5}}"));
    templates.put(
        "PUT /v1/simulations/{id}/time-control",
        JSON.readTree("{\"action\":\"play\",\"speed\":10}"));
    templates.put(
        "POST /v1/simulations/{id}/evaluations",
        JSON.readTree("{\"actorId\":\"actor-1\",\"submit\":false}"));
    templates.put(
        "POST /v1/evaluations",
        JSON.readTree(
            """
        {"envelopeVersion": 1, "requestId": "r-1", "actorId": "actor-1",
         "snapshot": {"timestamp": "2026-01-31T12:00:00Z",
                      "metrics": {"gamma": 0.2, "gammaTrend": -0.01}},
         "overrideToken": {"tokenId": "00000000-0000-4000-8000-000000000000",
                           "keyId": "ops-1", "alg": "PS256", "payload": "{}",
                           "signature": "AAAA"}}
        """));
    templates.put(
        "PATCH /v1/simulations/{id}", JSON.readTree("{\"label\":\"run 1\",\"note\":\"a note\"}"));
    templates.put(
        "POST /v1/experiments",
        JSON.readTree(
            """
        {"scenarioId": "stable-basins", "parameters": {"seed": [1, 2]}, "replications": 1,
         "ticks": 2}
        """));
    // The id regex of /v1/simulations/{id} shows in the description's path template.
    Map<String, JsonNode> withRegexPaths = new LinkedHashMap<>(templates);
    templates.forEach(
        (key, body) ->
            withRegexPaths.put(
                key.replace("{id}", "{id: (?!(?:run|run\\.ndjson|from-domain)(?:/|$))[^/]+}"),
                body));
    return withRegexPaths;
  }

  private static String created(String scenario) throws IOException {
    RawHttp.Answer answer =
        RawHttp.exchange(
            app.getLocalPort(),
            new RawHttp.Request(
                "POST",
                "/v1/simulations",
                Map.of("X-Api-Key", apiKey, "Content-Type", "application/json"),
                ("{\"scenario\":" + INLINE + "}").getBytes(StandardCharsets.UTF_8),
                false));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return JSON.readTree(answer.body()).path("id").asText();
  }

  private static JsonNode get(String path) throws IOException {
    RawHttp.Answer answer =
        RawHttp.exchange(
            app.getLocalPort(),
            new RawHttp.Request("GET", path, Map.of("X-Api-Key", apiKey), null, false));
    assertThat(answer.status()).as(path + ": " + answer.text()).isEqualTo(200);
    return JSON.readTree(answer.body());
  }

  /** A deployment policy with a gate and no authorities: every token is refused. */
  /** A policy with the gate and the coordinator's key, which the evaluation runtime requires. */
  private static Path policyFile() throws IOException {
    ObjectNode file = JSON.createObjectNode();
    ObjectNode policy = file.putObject("policy").put("policyVersion", 1);
    policy.putObject("gate").put("gammaFloor", 0.35);
    policy
        .putObject("coordinatorKey")
        .put("keyId", "coordinator")
        .put(
            "publicKeyPem", PemKeys.toPem(KeyPairs.generate(2048, new SecureRandom()).getPublic()));
    return Files.writeString(
        SimTestFixture.tempDirectory().resolve("policy.json"), JSON.writeValueAsString(file));
  }

  /** A port nothing listens on: the coordinator is unavailable. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
