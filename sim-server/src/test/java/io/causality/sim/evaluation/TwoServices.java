package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.db.EvaluationDao;
import io.causality.sim.db.EvaluationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * sim-server with evaluation on a coordinator's deployment, and plain HTTP to both services, as a
 * client and an operator call them.
 */
public final class TwoServices {
  /** The authority key dev-init configures. */
  public static final String KEY_ID = "ops-1";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private TwoServices() {}

  /** sim-server with evaluation on the coordinator's policy, calling it at its address. */
  public static DropwizardAppExtension<SimConfiguration> simServer(
      CoordinatorProcess coordinator, String timeout) {
    return SimTestFixture.app(
        ConfigOverride.config("rateLimits.enabled", "false"),
        ConfigOverride.config("evaluation.policyPath", coordinator.policyFile().toString()),
        ConfigOverride.config("evaluation.coordinatorUrl", coordinator.baseUrl()),
        ConfigOverride.config(
            "evaluation.coordinatorTokenFile", coordinator.tokenFile("runtime").toString()),
        ConfigOverride.config("evaluation.timeout", timeout));
  }

  /** An evaluationRequest of an actor at gamma, for a license. */
  public static ObjectNode request(String actorId, double gamma, double trend, String licenseId) {
    ObjectNode request =
        JSON.createObjectNode()
            .put("envelopeVersion", 1)
            .put("requestId", UUID.randomUUID().toString())
            .put("actorId", actorId)
            .put("licenseId", licenseId);
    ObjectNode snapshot = request.putObject("snapshot").put("timestamp", Instant.now().toString());
    snapshot.putObject("metrics").put("gamma", gamma).put("gammaTrend", trend);
    return request;
  }

  /**
   * A new simulation of two agents held by one attractor, stepped {@code ticks} ticks: its gamma
   * stays at their mean, (gamma1 + gamma2) / 2. Answers its id.
   */
  public static String simulation(
      String simBaseUrl, String apiKey, double gamma1, double gamma2, int ticks) {
    String scenario =
        """
        {"seed": 7,
         "agents": [
           {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": %s},
            "attractorPreferences": {"core": 1}},
           {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": %s},
            "attractorPreferences": {"core": 1}}],
         "initialState": {"grid": {"width": 100, "height": 100},
           "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
        """
            .formatted(gamma1, gamma2);
    String id =
        json(post(simBaseUrl + "/v1/simulations", "{\"scenario\":" + scenario + "}", apiKey), 201)
            .get("id")
            .asText();
    String step = simBaseUrl + "/v1/simulations/" + id + "/step";
    json(post(step, "{\"ticks\":" + ticks + "}", apiKey), 200);
    return id;
  }

  /**
   * Keeps an evaluation of the simulation as escalated to {@code coordinatorRequestId}, as if its
   * submission had answered that id (a request the coordinator has since purged, say); answers the
   * evaluation's id.
   */
  public static String recordEvaluation(
      Jdbi jdbi, String simulationId, String coordinatorRequestId) {
    UUID evaluationId = UUID.randomUUID();
    EvaluationRow row =
        new EvaluationRow(
            evaluationId,
            UUID.fromString(simulationId),
            4,
            "REJECT_STATE",
            "GAMMA_BELOW_FLOOR",
            "simulation:" + simulationId,
            "key:test",
            "SUBMITTED",
            coordinatorRequestId,
            null,
            Instant.now().truncatedTo(ChronoUnit.MICROS));
    jdbi.useExtension(EvaluationDao.class, dao -> dao.insert(row));
    return evaluationId.toString();
  }

  /** The request with a token attached. */
  public static ObjectNode withToken(ObjectNode request, JsonNode token) {
    ObjectNode copy = request.deepCopy();
    copy.set("overrideToken", token);
    return copy;
  }

  /** Posts as a coordinator caller, with {@code Authorization: Bearer token}. */
  public static HttpResponse<String> postAsCaller(String url, String body, String token) {
    return postAsUser(url, body, token);
  }

  public static HttpResponse<String> post(String url, String body, String apiKey) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (apiKey != null) {
      builder.header("X-Api-Key", apiKey);
    }
    return send(builder);
  }

  /** Posts no body with one header (an admin task with its bearer token). */
  public static HttpResponse<String> postWithHeader(String url, String header, String value) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header(header, value)
            .POST(HttpRequest.BodyPublishers.noBody()));
  }

  /** Posts as a user, with {@code Authorization: Bearer jwt}. */
  public static HttpResponse<String> postAsUser(String url, String body, String jwt) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + jwt)
            .POST(HttpRequest.BodyPublishers.ofString(body)));
  }

  public static HttpResponse<String> get(String url) {
    return send(HttpRequest.newBuilder(URI.create(url)));
  }

  /** Gets as a coordinator caller, with {@code Authorization: Bearer token}. */
  public static HttpResponse<String> getAsCaller(String url, String token) {
    return send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token));
  }

  public static HttpResponse<String> get(String url, String apiKey) {
    return send(HttpRequest.newBuilder(URI.create(url)).header("X-Api-Key", apiKey));
  }

  /**
   * The license id of the organization of {@code apiKey} (which needs {@code org:read}), as {@code
   * GET /v1/organizations/{id}/license} answers it: the license an evaluation presents.
   */
  public static String licenseOf(String simBaseUrl, UUID organizationId, String apiKey) {
    String url = simBaseUrl + "/v1/organizations/" + organizationId + "/license";
    return json(get(url, apiKey), 200).get("id").asText();
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The body of a response that must have this status. */
  public static JsonNode json(HttpResponse<String> response, int status) {
    if (response.statusCode() != status) {
      throw new AssertionError(
          "expected HTTP " + status + ", got " + response.statusCode() + ": " + response.body());
    }
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The operator's side, through the coordinator's HTTP API, with the tokens dev-init wrote: the
   * evaluation runtime's to submit, operator-1's to read and approve.
   */
  public record Operator(String baseUrl, String runtimeToken, String operatorToken) {
    /** The operator of {@code coordinator}'s deployment. */
    public static Operator of(CoordinatorProcess coordinator) {
      return new Operator(
          coordinator.baseUrl(), coordinator.token("runtime"), coordinator.token("operator-1"));
    }

    /** Submits a rejection for a human as the runtime; answers the coordinatorRequestId. */
    public String submit(JsonNode request, JsonNode response, String licenseId) {
      ObjectNode body = JSON.createObjectNode();
      body.set("evaluationRequest", request);
      body.set("evaluationResponse", response);
      body.put("licenseId", licenseId);
      return json(
              postAsCaller(baseUrl + "/v1/override-requests", body.toString(), runtimeToken), 201)
          .get("coordinatorRequestId")
          .asText();
    }

    /** Approves with ops-1; answers the signed token envelope. */
    public JsonNode approve(String coordinatorRequestId) {
      return json(
          postAsCaller(
              baseUrl + "/v1/override-requests/" + coordinatorRequestId + "/approve",
              "{\"keyId\":\"" + KEY_ID + "\"}",
              operatorToken),
          200);
    }

    /** Approves with ops-1 and a note; answers the signed token envelope. */
    public JsonNode approve(String coordinatorRequestId, String note) {
      ObjectNode body = JSON.createObjectNode().put("keyId", KEY_ID).put("operatorNote", note);
      return json(
          postAsCaller(
              baseUrl + "/v1/override-requests/" + coordinatorRequestId + "/approve",
              body.toString(),
              operatorToken),
          200);
    }

    /** Denies with ops-1 and a note; answers the updated record. */
    public JsonNode deny(String coordinatorRequestId, String note) {
      ObjectNode body = JSON.createObjectNode().put("keyId", KEY_ID).put("operatorNote", note);
      return json(
          postAsCaller(
              baseUrl + "/v1/override-requests/" + coordinatorRequestId + "/deny",
              body.toString(),
              operatorToken),
          200);
    }

    /** The request as the operator reads it. */
    public JsonNode record(String coordinatorRequestId) {
      return json(
          getAsCaller(baseUrl + "/v1/override-requests/" + coordinatorRequestId, operatorToken),
          200);
    }

    /** The status of an override request: PENDING, APPROVED, REDEEMED... */
    public String status(String coordinatorRequestId) {
      return record(coordinatorRequestId).get("status").asText();
    }
  }
}
