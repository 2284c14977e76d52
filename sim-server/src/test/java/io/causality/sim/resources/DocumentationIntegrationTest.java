package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.openapi.DocumentOperations;
import io.causality.common.testing.ContractCheck;
import io.causality.sim.SimConfiguration;
import io.causality.sim.engine.adapter.DomainAdapterRegistry;
import io.causality.sim.engine.input.DecreeType;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** /v1/openapi.json and /v1/docs: public, OpenAPI 3.1, self-contained. */
@ExtendWith(DropwizardExtensionsSupport.class)
class DocumentationIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP = SimTestFixture.app();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Every path of the spec (shared/spec/simulation-service-api.md), as OpenAPI writes it. */
  private static final List<String> SPEC_PATHS =
      List.of(
          "/v1/simulations",
          "/v1/simulations/from-domain",
          "/v1/simulations/run",
          "/v1/simulations/{id}",
          "/v1/simulations/{id}/step",
          "/v1/simulations/{id}/trace",
          "/v1/simulations/{id}/agent-policy",
          "/v1/simulations/{id}/time-control",
          "/v1/simulations/{id}/decrees",
          "/v1/simulations/{id}/prophecies",
          "/v1/simulations/{id}/events",
          "/v1/scenarios",
          "/v1/scenarios/{id}",
          "/v1/organizations",
          "/v1/organizations/{id}",
          "/v1/organizations/{orgId}/license",
          "/v1/organizations/{orgId}/usage/summary",
          "/v1/organizations/{orgId}/usage/history",
          "/v1/health",
          "/v1/openapi.json",
          "/v1/docs");

  /**
   * The statuses each operation listed when every resource declared its own error responses, before
   * StandardResponses added them: none may go missing.
   */
  private static final Map<String, String> STATUSES_LISTED_BEFORE =
      Map.ofEntries(
          Map.entry("GET /v1/docs", "200 429"),
          Map.entry("POST /v1/evaluations", "200 400 401 403 503"),
          Map.entry("GET /v1/health", "200 429 503"),
          Map.entry("GET /v1/health/live", "200 429"),
          Map.entry("GET /v1/openapi.json", "200 429"),
          Map.entry("GET /v1/organizations", "200 401 403"),
          Map.entry("GET /v1/organizations/{id}", "200 400 401 403 404"),
          Map.entry("GET /v1/organizations/{orgId}/license", "200 400 401 403 404"),
          Map.entry("GET /v1/organizations/{orgId}/usage/history", "200 400 401 403 404"),
          Map.entry("GET /v1/organizations/{orgId}/usage/summary", "200 400 401 403 404"),
          Map.entry("GET /v1/scenarios", "200 429"),
          Map.entry("GET /v1/scenarios/{id}", "200 404 429"),
          Map.entry("GET /v1/simulations", "200 400 401 403"),
          Map.entry("POST /v1/simulations", "201 400 401 403 404"),
          Map.entry("POST /v1/simulations/from-domain", "201 400 401 403 404"),
          Map.entry("POST /v1/simulations/run", "200 400 401 403 404"),
          Map.entry("GET /v1/simulations/{id}", "200 400 401 403 404"),
          Map.entry("PUT /v1/simulations/{id}/agent-policy", "200 400 401 403 404 409"),
          Map.entry("GET /v1/simulations/{id}/decrees", "200 400 401 403 404"),
          Map.entry("POST /v1/simulations/{id}/decrees", "201 400 401 403 404 409"),
          Map.entry("POST /v1/simulations/{id}/evaluations", "200 400 401 403 404 503"),
          Map.entry("GET /v1/simulations/{id}/events", "200 400 401 403 404 429"),
          Map.entry("GET /v1/simulations/{id}/prophecies", "200 400 401 403 404"),
          Map.entry("POST /v1/simulations/{id}/step", "200 400 401 403 404 409"),
          Map.entry("PUT /v1/simulations/{id}/time-control", "200 400 401 403 404 409"),
          Map.entry("GET /v1/simulations/{id}/trace", "200 400 401 403 404"));

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  private JsonNode document() throws Exception {
    HttpResponse<String> response = client.send(client.request("/v1/openapi.json"));
    assertThat(response.statusCode()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void documentIsOpenApi31WithEverySpecPath() throws Exception {
    JsonNode document = document();
    assertThat(document.get("openapi").asText()).isEqualTo("3.1.0");
    List<String> paths = new ArrayList<>();
    document.get("paths").fieldNames().forEachRemaining(paths::add);
    assertThat(paths).containsAll(SPEC_PATHS);
  }

  @Test
  void protectedOperationsDeclareBothSecuritySchemesAndTheirErrors() throws Exception {
    JsonNode document = document();
    JsonNode schemes = document.get("components").get("securitySchemes");
    assertThat(schemes.get("apiKey").get("name").asText()).isEqualTo("X-Api-Key");
    assertThat(schemes.get("bearer").get("scheme").asText()).isEqualTo("bearer");
    JsonNode list = document.get("paths").get("/v1/organizations").get("get");
    assertThat(list.get("security").toString()).contains("apiKey").contains("bearer");
    assertThat(list.get("responses").has("401")).isTrue();
    assertThat(list.get("responses").get("200").get("content").toString())
        .contains("OrganizationList");
  }

  @Test
  void everyOperationListsTheStandardErrorResponsesOfItsKind() throws Exception {
    Map<String, JsonNode> operations = operations(document());
    assertThat(operations.keySet()).containsAll(STATUSES_LISTED_BEFORE.keySet());
    STATUSES_LISTED_BEFORE.forEach(
        (operation, statuses) ->
            assertThat(statuses(operations.get(operation)))
                .as(operation)
                .containsAll(List.of(statuses.split(" "))));
    operations.forEach(
        (name, operation) -> {
          List<String> statuses = statuses(operation);
          assertThat(statuses).as(name).contains("429", "500");
          if (!operation.get("security").isEmpty()) {
            assertThat(statuses).as(name).contains("401", "403");
          }
          if (operation.has("requestBody")) {
            assertThat(statuses).as(name).contains("400");
          }
          if (operation.path("parameters").findValuesAsText("in").contains("path")) {
            assertThat(statuses).as(name).contains("404");
          }
        });
  }

  @Test
  void everyErrorAnswerIsTheEnvelopeAsJson() throws Exception {
    operations(document())
        .forEach(
            (name, operation) ->
                operation
                    .get("responses")
                    .fields()
                    .forEachRemaining(
                        response -> {
                          boolean healthBody =
                              response
                                  .getValue()
                                  .toString()
                                  .contains("#/components/schemas/Health");
                          if (response.getKey().compareTo("400") >= 0 && !healthBody) {
                            assertThat(
                                    response
                                        .getValue()
                                        .path("content")
                                        .path("application/json")
                                        .path("schema")
                                        .path("$ref")
                                        .asText())
                                .as(name + " " + response.getKey())
                                .isEqualTo("#/components/schemas/ErrorEnvelope");
                          }
                        }));
  }

  @Test
  void domainIdsAndDecreeTypesAreEnumsTakenFromTheRegistries() throws Exception {
    JsonNode schemas = document().get("components").get("schemas");
    assertThat(texts(schemas.get("DomainId").get("enum")))
        .containsExactlyElementsOf(DomainAdapterRegistry.standard().domains());
    assertThat(texts(schemas.get("DecreeType").get("enum")))
        .containsExactlyElementsOf(DecreeType.wireNames());
    for (String request : List.of("FromDomainRequest", "NewSimulationRun")) {
      assertThat(schemas.get(request).get("properties").get("domain").get("$ref").asText())
          .as(request)
          .isEqualTo("#/components/schemas/DomainId");
    }
    assertThat(schemas.get("DecreeRequest").get("properties").get("type").get("$ref").asText())
        .isEqualTo("#/components/schemas/DecreeType");
  }

  @Test
  void typedParametersCarryTheirBoundsTypesAndFormats() throws Exception {
    JsonNode decrees = document().get("paths").get("/v1/simulations/{id}/decrees").get("get");
    Map<String, JsonNode> parameters = new LinkedHashMap<>();
    decrees
        .get("parameters")
        .forEach(p -> parameters.put(p.path("name").asText(), p.get("schema")));
    assertThat(parameters.get("id").get("format").asText()).isEqualTo("uuid");
    assertThat(parameters.get("limit").get("type").asText()).isEqualTo("integer");
    assertThat(parameters.get("limit").get("minimum").asInt()).isEqualTo(1);
    assertThat(parameters.get("limit").get("maximum").asInt()).isEqualTo(200);
    assertThat(parameters.get("limit").get("default").asInt()).isEqualTo(50);
    assertThat(parameters.get("offset").get("minimum").asInt()).isZero();
    JsonNode schemas = document().get("components").get("schemas");
    assertThat(parameters.get("order").get("$ref").asText())
        .isEqualTo("#/components/schemas/SortOrder");
    assertThat(texts(schemas.get("SortOrder").get("enum"))).containsExactly("asc", "desc");
    JsonNode list = document().get("paths").get("/v1/simulations").get("get");
    assertThat(parameter(list, "status").get("$ref").asText())
        .isEqualTo("#/components/schemas/SimulationStatus");
    assertThat(texts(schemas.get("SimulationStatus").get("enum")))
        .containsExactly("created", "running", "paused", "completed");
    JsonNode trace = document().get("paths").get("/v1/simulations/{id}/trace").get("get");
    assertThat(parameter(trace, "fromTick").get("minimum").asInt()).isZero();
    assertThat(parameter(trace, "fromTick").get("default").asInt()).isZero();
    assertThat(parameter(trace, "toTick").get("minimum").asInt()).isZero();
    assertThat(parameter(trace, "toTick").get("type").asText()).isEqualTo("integer");
  }

  private static JsonNode parameter(JsonNode operation, String name) {
    for (JsonNode parameter : operation.get("parameters")) {
      if (parameter.path("name").asText().equals(name)) {
        return parameter.get("schema");
      }
    }
    throw new AssertionError("no parameter " + name);
  }

  private static Map<String, JsonNode> operations(JsonNode document) {
    Map<String, JsonNode> operations = new LinkedHashMap<>();
    DocumentOperations.forEach(
        document,
        (path, method, operation) ->
            operations.put(method.toUpperCase(Locale.ROOT) + " " + path, operation));
    return operations;
  }

  private static List<String> statuses(JsonNode operation) {
    List<String> statuses = new ArrayList<>();
    operation.get("responses").fieldNames().forEachRemaining(statuses::add);
    return statuses;
  }

  private static List<String> texts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(value -> texts.add(value.asText()));
    return texts;
  }

  @Test
  void publicOperationsDeclareAnEmptySecurityRequirement() throws Exception {
    JsonNode paths = document().get("paths");
    for (String path :
        List.of("/v1/health", "/v1/health/live", "/v1/scenarios", "/v1/openapi.json", "/v1/docs")) {
      JsonNode security = paths.get(path).get("get").get("security");
      assertThat(security).as(path).isNotNull();
      assertThat(security.isArray() && security.isEmpty()).as(path).isTrue();
    }
  }

  @Test
  void docsPageLoadsSwaggerUiFromThisServer() {
    HttpResponse<String> page = client.send(client.request("/v1/docs"));
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body())
        .contains("/v1/docs/swagger-initializer.js")
        .contains("/v1/docs/swagger-ui-bundle.js")
        .doesNotContain("https://");
    HttpResponse<String> bundle = client.send(client.request("/v1/docs/swagger-ui-bundle.js"));
    assertThat(bundle.statusCode()).isEqualTo(200);
    assertThat(bundle.body().length()).isGreaterThan(100_000);
  }

  /** The console's protective headers, and no inline script for the policy to allow. */
  @Test
  void docsPageAndItsFilesCarryTheConsolesProtectiveHeaders() {
    for (String path :
        List.of("/v1/docs", "/v1/docs/swagger-initializer.js", "/v1/docs/swagger-ui-bundle.js")) {
      HttpResponse<String> answer = client.send(client.request(path));
      assertThat(answer.statusCode()).as(path).isEqualTo(200);
      assertThat(answer.headers().firstValue("Content-Security-Policy"))
          .as(path)
          .hasValueSatisfying(
              csp ->
                  assertThat(csp)
                      .contains("script-src 'self';", "frame-ancestors 'none'")
                      .doesNotContain("unsafe-eval")
                      .doesNotContainPattern("script-src[^;]*unsafe-inline"));
      assertThat(answer.headers().firstValue("X-Frame-Options")).as(path).hasValue("DENY");
      assertThat(answer.headers().firstValue("X-Content-Type-Options"))
          .as(path)
          .hasValue("nosniff");
    }
    String page = client.send(client.request("/v1/docs")).body();
    assertThat(page).contains("<script src=\"/v1/docs/swagger-initializer.js\"></script>");
    assertThat(page.split("<script").length - 1)
        .isEqualTo(page.split("<script src=\"/v1/docs/").length - 1);
  }

  @Test
  void unknownDocsAssetIs404() {
    assertThat(client.send(client.request("/v1/docs/../../etc/passwd")).statusCode())
        .isEqualTo(404);
    assertThat(client.send(client.request("/v1/docs/secret.js")).statusCode()).isEqualTo(404);
  }

  @Test
  void mediaTypesCarryNoWeightAndNdjsonIsDocumentedWithItsLines() throws Exception {
    JsonNode document = document();
    assertThat(document.toString()).doesNotContain(";qs=");
    for (String operation : List.of("/v1/simulations/{id}/trace get", "/v1/simulations/run post")) {
      String[] key = operation.split(" ");
      JsonNode content =
          document.get("paths").get(key[0]).get(key[1]).get("responses").get("200").get("content");
      assertThat(content.get("application/json").get("schema").get("$ref").asText())
          .as(operation)
          .isIn("#/components/schemas/Trace", "#/components/schemas/RunResponse");
      assertThat(content.get("application/x-ndjson").get("schema").get("description").asText())
          .contains("metadata")
          .contains("initialState")
          .contains("Step");
    }
  }

  @Test
  void ndjsonHasOperationsOfItsOwnThatGeneratedClientsStream() throws Exception {
    JsonNode paths = document().get("paths");
    JsonNode trace = paths.at("/~1v1~1simulations~1{id}~1trace.ndjson/get");
    JsonNode run = paths.at("/~1v1~1simulations~1run.ndjson/post");
    assertThat(trace.get("operationId").asText()).isEqualTo("getTraceNdjson");
    assertThat(run.get("operationId").asText()).isEqualTo("runSimulationNdjson");
    for (JsonNode operation : List.of(trace, run)) {
      JsonNode content = operation.at("/responses/200/content");
      assertThat(texts(fieldNames(content))).containsExactly("application/x-ndjson");
      assertThat(content.at("/application~1x-ndjson/schema/format").asText()).isEqualTo("binary");
    }
    assertThat(run.at("/requestBody/required").asBoolean()).isTrue();
    assertThat(run.at("/responses/200/headers").has("X-Simulation-Id")).isTrue();
  }

  @Test
  void theEventStreamIsLeftToSseClientsWithItsEventsTyped() throws Exception {
    JsonNode document = document();
    JsonNode events = document.at("/paths/~1v1~1simulations~1{id}~1events/get");
    assertThat(events.get("x-internal").asBoolean()).isTrue();
    assertThat(
            events
                .at("/responses/200/content/text~1event-stream/schema/contentSchema/$ref")
                .asText())
        .isEqualTo("#/components/schemas/SimulationEvent");
    List<String> named = new ArrayList<>();
    document
        .at("/components/schemas/SimulationEvent/oneOf")
        .forEach(item -> named.add(item.at("/properties/event/const").asText()));
    assertThat(named)
        .containsExactly(
            "tick",
            "loss",
            "warning",
            "paradox",
            "prophecy",
            "decree",
            "policy",
            "simulation:status",
            "error",
            "heartbeat");
    assertThat(statuses(events)).contains("429", "503");
    assertThat(texts(fieldNames(events.at("/responses/429/headers"))))
        .contains("Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining");
    JsonNode time = document.at("/paths/~1v1~1simulations~1{id}~1time-control/put");
    assertThat(statuses(time)).contains("503");
  }

  @Test
  void errorsAreTypedByCodeAndTheirHeadersDocumented() throws Exception {
    JsonNode document = document();
    JsonNode schemas = document.at("/components/schemas");
    assertThat(texts(fieldNames(schemas.at("/ApiError/discriminator/mapping"))))
        .contains("VALIDATION_ERROR", "QUOTA_EXCEEDED", "NOT_FOUND", "CONFLICT", "RATE_LIMITED");
    assertThat(texts(schemas.at("/ValidationDetails/required"))).containsExactly("issues");
    assertThat(schemas.at("/ValidationDetails/properties").has("availableVersions")).isTrue();
    assertThat(schemas.has("ErrorDetails")).isFalse();
    JsonNode get = document.at("/paths/~1v1~1simulations~1{id}/get/responses");
    for (String status : List.of("200", "400", "403", "404", "429")) {
      assertThat(get.at("/" + status + "/headers").has("X-RateLimit-Limit")).as(status).isTrue();
    }
    assertThat(get.at("/401/headers").has("X-RateLimit-Limit")).isFalse();
    assertThat(get.at("/401/headers/WWW-Authenticate/$ref").asText())
        .isEqualTo("#/components/headers/WWWAuthenticate");
    assertThat(
            document
                .at("/paths/~1v1~1simulations~1{id}~1step/post/responses/409/headers")
                .has("X-RateLimit-Reset"))
        .isTrue();
  }

  @Test
  void numbersAndTextAreTypedAsTheServiceWritesThem() throws Exception {
    JsonNode schemas = document().at("/components/schemas");
    assertThat(schemas.at("/GridSize/properties/width/type").asText()).isEqualTo("integer");
    assertThat(schemas.at("/GridSize/properties/height/type").asText()).isEqualTo("integer");
    assertThat(schemas.at("/Pagination/properties/offset/format").asText()).isEqualTo("int64");
    assertThat(schemas.at("/ProphecyData/properties/engineVersion").has("enum")).isFalse();
    assertThat(schemas.at("/ProphecyData/properties/engineVersion/type").asText())
        .isEqualTo("string");
  }

  private static JsonNode fieldNames(JsonNode object) {
    com.fasterxml.jackson.databind.node.ArrayNode names = JSON.createArrayNode();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  @Test
  void operationIdsAreReadableAndUniqueAndTagsAreDefined() throws Exception {
    JsonNode document = document();
    List<String> ids = new ArrayList<>();
    List<String> tags = new ArrayList<>();
    document.get("tags").forEach(tag -> tags.add(tag.get("name").asText()));
    operations(document)
        .forEach(
            (name, operation) -> {
              ids.add(operation.path("operationId").asText());
              operation.path("tags").forEach(tag -> assertThat(tags).contains(tag.asText()));
            });
    assertThat(ids).doesNotHaveDuplicates().allMatch(id -> id.matches("[a-z][A-Za-z]+"));
    assertThat(ids).contains("listSimulations", "getSimulation", "stepSimulation", "getTrace");
    assertThat(document.get("info").get("license").get("identifier").asText()).isNotBlank();
  }

  @Test
  void answersAreObjectSchemasWithTheirNullableMembers() throws Exception {
    JsonNode schemas = document().get("components").get("schemas");
    assertThat(schemas.has("JsonNode")).isFalse();
    for (String schema : List.of("Simulation", "SimulationCreated", "StepResponse")) {
      assertThat(schemas.get(schema).get("properties").get("state").get("$ref").asText())
          .as(schema)
          .isEqualTo("#/components/schemas/SimulationState");
    }
    for (String schema : List.of("Simulation", "SimulationCreated")) {
      assertThat(schemas.get(schema).get("properties").get("scenarioId").get("type").toString())
          .as(schema)
          .contains("null");
    }
    assertThat(schemas.get("Simulation").get("properties").get("scenarioId").get("type").toString())
        .isEqualTo("[\"string\",\"null\"]");
    assertThat(
            schemas
                .get("OrganizationSummary")
                .get("properties")
                .get("avatarUrl")
                .get("type")
                .toString())
        .isEqualTo("[\"string\",\"null\"]");
    assertThat(
            schemas
                .get("ScenarioList")
                .get("properties")
                .get("data")
                .get("items")
                .get("$ref")
                .asText())
        .isEqualTo("#/components/schemas/ScenarioSummary");
    assertThat(schemas.get("Prophecy").get("properties").get("data").get("$ref").asText())
        .isEqualTo("#/components/schemas/ProphecyData");
    assertThat(schemas.get("Decree").get("properties").get("payload").get("$ref").asText())
        .isEqualTo("#/components/schemas/DecreePayload");
    JsonNode responses =
        document().get("paths").get("/v1/scenarios/{id}").get("get").get("responses");
    assertThat(responses.get("200").get("content").toString()).contains("/Scenario\"");
  }

  @Test
  void headersAndTheirParametersAreDocumented() throws Exception {
    JsonNode create = document().get("paths").get("/v1/simulations").get("post");
    assertThat(create.get("parameters").toString())
        .contains("#/components/parameters/IdempotencyKey")
        .contains("#/components/parameters/XRequestId");
    JsonNode responses = create.get("responses");
    assertThat(responses.get("201").get("headers").toString())
        .contains("Location")
        .contains("X-Request-Id")
        .contains("X-RateLimit-Remaining")
        .contains("Idempotency-Replayed");
    assertThat(responses.get("409").get("description").asText())
        .contains("IDEMPOTENCY_KEY_REUSE")
        .contains("IDEMPOTENCY_KEY_IN_USE");
    assertThat(responses.get("429").get("headers").has("Retry-After")).isTrue();
    assertThat(responses.has("413")).isTrue();
    operations(document())
        .forEach(
            (name, operation) -> {
              if (name.contains("/v1/simulations/{id}") || name.contains("/v1/organizations/{")) {
                operation
                    .get("parameters")
                    .forEach(
                        p -> {
                          if ("path".equals(p.path("in").asText())) {
                            assertThat(p.get("schema").get("format").asText())
                                .as(name)
                                .isEqualTo("uuid");
                          }
                        });
              }
            });
  }

  @Test
  void everyExampleValidatesAgainstItsSchema() throws Exception {
    JsonNode document = document();
    ContractCheck check = ContractCheck.of(document);
    int examples = 0;
    for (JsonNode path : iterable(document.get("paths"))) {
      for (JsonNode operation : iterable(path)) {
        JsonNode body = operation.path("requestBody").path("content").path("application/json");
        for (JsonNode example : iterable(body.path("examples"))) {
          assertThat(check.schemaProblems(body.get("schema"), example.get("value"))).isEmpty();
          examples++;
        }
      }
    }
    assertThat(examples).isGreaterThanOrEqualTo(4);
    int members = 0;
    for (JsonNode schema : iterable(document.at("/components/schemas"))) {
      for (JsonNode member : iterable(schema.path("properties"))) {
        if (member.has("example")) {
          assertThat(check.schemaProblems(member, member.get("example")))
              .as(member.toString())
              .isEmpty();
          members++;
        }
      }
    }
    assertThat(members).isGreaterThan(200);
    JsonNode create =
        document
            .get("paths")
            .get("/v1/simulations")
            .get("post")
            .get("requestBody")
            .get("content")
            .get("application/json")
            .get("examples");
    for (JsonNode example : iterable(create)) {
      JsonNode value = example.get("value");
      assertThat(value.has("scenarioId") ^ value.has("scenario")).isTrue();
    }
  }

  /**
   * The contract's rules hold for every operation and schema, those added later included (the
   * console's, experiments' and scale's): each $ref resolves, each scalar member has an example,
   * each parameter says what it is, each offset is an int64 and each error answer is the envelope
   * (but the health check's 503).
   */
  @Test
  void everyOperationAndSchemaFollowsTheContractsRules() throws Exception {
    JsonNode document = document();
    List<String> broken = new ArrayList<>();
    refs(document, document, "", broken);
    JsonNode schemas = document.at("/components/schemas");
    schemas
        .fields()
        .forEachRemaining(
            schema -> scalarsWithoutExample(schema.getValue(), schema.getKey(), broken));
    operations(document)
        .forEach(
            (name, operation) -> {
              for (JsonNode parameter : operation.path("parameters")) {
                JsonNode resolved =
                    parameter.has("$ref")
                        ? document.at(parameter.get("$ref").asText().substring(1))
                        : parameter;
                String what = name + " " + resolved.path("name").asText();
                if (resolved.path("description").asText().isBlank()) {
                  broken.add(what + ": no description");
                }
                if ("offset".equals(resolved.path("name").asText())
                    && !"int64".equals(resolved.at("/schema/format").asText())) {
                  broken.add(what + ": not an int64");
                }
              }
              operation
                  .path("responses")
                  .fields()
                  .forEachRemaining(
                      answer -> {
                        // the health check's 503 is its report (the spec's shape), not an error
                        if (answer.getKey().matches("[45]..")
                            && !"GET /v1/health 503".equals(name + " " + answer.getKey())
                            && !answer
                                .getValue()
                                .at("/content/application~1json/schema/$ref")
                                .asText()
                                .equals("#/components/schemas/ErrorEnvelope")) {
                          broken.add(name + " " + answer.getKey() + ": not the ErrorEnvelope");
                        }
                      });
            });
    assertThat(broken).isEmpty();
  }

  /**
   * Every operation that answers Server-Sent Events is x-internal (no generated method blocks on
   * it) and names the schema of its frames, each event's data typed.
   */
  @Test
  void everyEventStreamIsLeftToSseClientsWithItsFramesTyped() throws Exception {
    JsonNode document = document();
    List<String> streams = new ArrayList<>();
    operations(document)
        .forEach(
            (name, operation) -> {
              JsonNode stream = operation.at("/responses/200/content/text~1event-stream/schema");
              if (stream.isMissingNode()) {
                return;
              }
              streams.add(name);
              assertThat(operation.path("x-internal").asBoolean()).as(name).isTrue();
              String frames = stream.at("/contentSchema/$ref").asText();
              JsonNode oneOf = document.at(frames.substring(1) + "/oneOf");
              assertThat(oneOf.size()).as(name).isGreaterThan(1);
              oneOf.forEach(
                  frame -> {
                    assertThat(frame.at("/properties/event/const").isTextual()).as(name).isTrue();
                    JsonNode data = frame.at("/properties/data");
                    assertThat(data.has("contentSchema") || data.has("const"))
                        .as(name + " " + frame)
                        .isTrue();
                  });
              assertThat(texts(fieldNames(operation.at("/responses/429/headers"))))
                  .as(name)
                  .contains("Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining");
            });
    assertThat(streams)
        .containsExactlyInAnyOrder(
            "GET /v1/simulations/{id}/events", "GET /v1/experiments/{id}/events");
    assertThat(texts(document.at("/components/schemas/ExperimentStatusEvent/required")))
        .containsExactly("status", "previous", "reason");
  }

  private static void refs(JsonNode document, JsonNode node, String at, List<String> broken) {
    if (node.isObject()) {
      JsonNode ref = node.get("$ref");
      if (ref != null
          && ref.isTextual()
          && (!ref.asText().startsWith("#/")
              || document.at(ref.asText().substring(1)).isMissingNode())) {
        broken.add(at + ": unresolved " + ref.asText());
      }
      node.fields()
          .forEachRemaining(e -> refs(document, e.getValue(), at + "/" + e.getKey(), broken));
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        refs(document, node.get(i), at + "/" + i, broken);
      }
    }
  }

  /** Members typed string, integer, number or boolean (nullable or not) need an example. */
  private static void scalarsWithoutExample(JsonNode schema, String at, List<String> broken) {
    schema
        .path("properties")
        .fields()
        .forEachRemaining(
            member -> {
              JsonNode value = member.getValue();
              String where = at + "." + member.getKey();
              List<String> types = new ArrayList<>();
              if (value.path("type").isArray()) {
                value.get("type").forEach(type -> types.add(type.asText()));
              } else if (value.has("type")) {
                types.add(value.get("type").asText());
              }
              types.remove("null");
              boolean scalar =
                  types.size() == 1
                      && List.of("string", "integer", "number", "boolean").contains(types.get(0));
              if (scalar && !value.has("example") && !value.has("const")) {
                broken.add(where + ": no example");
              }
              scalarsWithoutExample(value, where, broken);
            });
  }

  private static Iterable<JsonNode> iterable(JsonNode node) {
    List<JsonNode> values = new ArrayList<>();
    node.elements().forEachRemaining(values::add);
    return values;
  }

  @Test
  void swaggerUiLeavesTheOnlineValidatorOff() {
    assertThat(client.send(client.request("/v1/docs/swagger-initializer.js")).body())
        .contains("validatorUrl: null")
        .contains("/v1/openapi.json");
  }
}
