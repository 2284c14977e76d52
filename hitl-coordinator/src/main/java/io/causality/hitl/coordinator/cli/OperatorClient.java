package io.causality.hitl.coordinator.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The operator's calls to a coordinator (list, get, approve, deny) on the JDK HTTP client, each
 * bounded by one timeout. Answers are JSON trees, as the tools print or show them as they come; a
 * refusal or an unreachable coordinator is an {@link OperatorException}. Thread-safe.
 */
public final class OperatorClient {
  /** The local coordinator of {@code config/hitl-coordinator.yml}. */
  public static final String DEFAULT_URL = "http://127.0.0.1:8090";

  /** The environment variable that holds the operator caller's bearer token. */
  public static final String TOKEN_VARIABLE = "HITL_TOKEN";

  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String REQUESTS = "/v1/override-requests";

  private final String baseUrl;
  private final Optional<String> bearerToken;
  private final Duration timeout;
  private final HttpClient http;

  public OperatorClient(String baseUrl, Optional<String> bearerToken, Duration timeout) {
    this.baseUrl = stripSlash(Objects.requireNonNull(baseUrl, "baseUrl"));
    this.bearerToken = Objects.requireNonNull(bearerToken, "bearerToken");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .build();
  }

  public String baseUrl() {
    return baseUrl;
  }

  /** The requests, newest first; all of them when {@code status} is empty. */
  public List<JsonNode> list(Optional<String> status) {
    String query = status.map(s -> "?status=" + encode(s)).orElse("");
    List<JsonNode> requests = new ArrayList<>();
    send(getRequest(REQUESTS + query)).path("data").forEach(requests::add);
    return List.copyOf(requests);
  }

  /** One request with its audit trail. */
  public JsonNode get(String id) {
    return send(getRequest(REQUESTS + "/" + encode(id)));
  }

  /** Approves a PENDING request; answers the token envelope. */
  public JsonNode approve(String id, String keyId, Optional<String> note, Optional<Long> ttlMs) {
    ObjectNode body = decision(keyId, note);
    ttlMs.ifPresent(ttl -> body.put("tokenTtlMs", ttl));
    return send(postRequest(REQUESTS + "/" + encode(id) + "/approve", body));
  }

  /** Denies a PENDING request; answers the updated request. */
  public JsonNode deny(String id, String keyId, Optional<String> note) {
    return send(postRequest(REQUESTS + "/" + encode(id) + "/deny", decision(keyId, note)));
  }

  private static ObjectNode decision(String keyId, Optional<String> note) {
    ObjectNode body = JSON.createObjectNode().put("keyId", keyId);
    note.ifPresent(n -> body.put("operatorNote", n));
    return body;
  }

  private HttpRequest getRequest(String path) {
    return request(path).GET().build();
  }

  private HttpRequest postRequest(String path, JsonNode body) {
    return request(path)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
        .build();
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(timeout)
            .header("Accept", "application/json");
    bearerToken.ifPresent(token -> builder.header("Authorization", "Bearer " + token));
    return builder;
  }

  private JsonNode send(HttpRequest request) {
    HttpResponse<String> response = exchange(request);
    JsonNode body = parse(response.body());
    if (response.statusCode() >= 400) {
      throw refusal(response.statusCode(), body);
    }
    return body;
  }

  private HttpResponse<String> exchange(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (HttpTimeoutException e) {
      throw new OperatorException.Unreachable(
          baseUrl, "no answer within " + timeout.toMillis() + " ms");
    } catch (ConnectException e) {
      throw new OperatorException.Unreachable(baseUrl, "connection refused");
    } catch (IOException | IllegalArgumentException e) {
      throw new OperatorException.Unreachable(baseUrl, describe(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new OperatorException.Unreachable(baseUrl, "interrupted");
    }
  }

  private static OperatorException.Refused refusal(int status, JsonNode body) {
    JsonNode error = body.path("error");
    String message = error.path("message").asText("HTTP " + status);
    StringBuilder text = new StringBuilder(message);
    error
        .path("details")
        .path("issues")
        .forEach(
            issue ->
                text.append("; ")
                    .append(issue.path("path").asText())
                    .append(": ")
                    .append(issue.path("message").asText()));
    return new OperatorException.Refused(
        status, error.path("code").asText("HTTP_" + status), text.toString());
  }

  private static JsonNode parse(String body) {
    try {
      return body.isBlank() ? MissingNode.getInstance() : JSON.readTree(body);
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }

  private static String describe(Exception e) {
    return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
