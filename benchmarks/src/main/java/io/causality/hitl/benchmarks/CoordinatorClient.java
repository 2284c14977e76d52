package io.causality.hitl.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** The coordinator calls the load driver makes: submit, approve, redeem. */
final class CoordinatorClient {

  static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final String base;
  private final String keyId;

  CoordinatorClient(String base, String keyId) {
    this.base = base;
    this.keyId = keyId;
  }

  /** A valid submission for a fresh actor, so that dedupe never refuses it. */
  Optional<String> submit(String actorId) throws IOException, InterruptedException {
    return post("/v1/override-requests", submission(actorId), 201)
        .map(answer -> answer.get("coordinatorRequestId").asText());
  }

  /** A submission body: REJECT_STATE asking for HUMAN_ESCALATION, for one actor. */
  static ObjectNode submission(String actorId) {
    ObjectNode body = JSON.createObjectNode();
    ObjectNode request =
        body.putObject("evaluationRequest")
            .put("envelopeVersion", 1)
            .put("requestId", "bench-" + actorId)
            .put("actorId", actorId);
    request
        .putObject("snapshot")
        .put("timestamp", "2026-01-31T12:00:00Z")
        .putObject("metrics")
        .put("gamma", 0.21);
    ObjectNode response =
        body.putObject("evaluationResponse")
            .put("envelopeVersion", 1)
            .put("requestId", "bench-" + actorId)
            .put("decision", "REJECT_STATE")
            .put("reasonCode", "GAMMA_BELOW_FLOOR")
            .put("mode", "state_gate")
            .put("policyVersion", 1)
            .put("adapterVersion", 1);
    response
        .putObject("escalation")
        .put("escalationType", "HUMAN_ESCALATION")
        .put("gammaHeadroom", -0.14)
        .put("stepsToBreach", 0);
    return body.put("licenseId", "lic-bench").put("source", "bench");
  }

  /** Submits a ready submission body; the answer is its coordinatorRequestId. */
  Optional<String> post(ObjectNode submission) throws IOException, InterruptedException {
    return post("/v1/override-requests", submission, 201)
        .map(answer -> answer.get("coordinatorRequestId").asText());
  }

  /** Approves a request; the answer is the token envelope. */
  Optional<JsonNode> approve(String id) throws IOException, InterruptedException {
    return post(
        "/v1/override-requests/" + id + "/approve",
        JSON.createObjectNode().put("keyId", keyId),
        200);
  }

  /** Redeems a token with the binding its own payload names; true when ACCEPTED. */
  boolean redeem(JsonNode token) throws IOException, InterruptedException {
    JsonNode payload = JSON.readTree(token.get("payload").asText());
    ObjectNode body =
        JSON.createObjectNode()
            .put("tokenId", payload.get("tokenId").asText())
            .put("requestHash", payload.get("requestHash").asText())
            .put("policyVersion", payload.get("policyVersion").asLong())
            .put("licenseId", payload.get("licenseId").asText())
            .put("actorId", payload.get("actorId").asText());
    return post("/v1/override-tokens/redeem", body, 200)
        .map(answer -> answer.get("status").asText().equals("ACCEPTED"))
        .orElse(false);
  }

  /**
   * Redeems a token id the coordinator never issued, with an otherwise well-formed body: the same
   * endpoint, JSON and client as {@link #redeem}, and one indexed read instead of the durable
   * write; true when the answer is UNKNOWN_TOKEN.
   */
  boolean redeemUnknown(String tokenId) throws IOException, InterruptedException {
    ObjectNode body =
        JSON.createObjectNode()
            .put("tokenId", tokenId)
            .put("requestHash", "sha256:" + "0".repeat(64))
            .put("policyVersion", 1)
            .put("licenseId", "bench")
            .put("actorId", "bench");
    return post("/v1/override-tokens/redeem", body, 200)
        .map(answer -> answer.get("status").asText().equals("UNKNOWN_TOKEN"))
        .orElse(false);
  }

  /** {@link #redeem} for lambdas that cannot throw checked exceptions. */
  boolean redeemQuietly(JsonNode token) {
    try {
      return redeem(token);
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Optional<JsonNode> post(String path, JsonNode body, int expected)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != expected) {
      return Optional.empty();
    }
    return Optional.of(JSON.readTree(response.body()));
  }
}
