package io.causality.hitl.coordinator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.causality.common.testing.ContractCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A small JSON client of a running coordinator, optionally with a bearer token, or with the test
 * callers' tokens chosen by the call ({@link #callers}).
 */
public final class CoordinatorHttp {
  public static final ObjectMapper JSON = new ObjectMapper();

  /** The evaluation runtime of the test configurations (submitter, redeemer). */
  public static final String RUNTIME_TOKEN = "runtime-token-0123456789abcdef";

  /** alice, operator-1 of the test configurations, with key ops-1. */
  public static final String OPERATOR_TOKEN = "operator-token-0123456789abcdef";

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final String base;
  private final Optional<String> token;
  private final Optional<Callers> callers;

  /** The runtime's and the operator's tokens, each for the calls of its role. */
  private record Callers(String runtime, String operator) {}

  public CoordinatorHttp(int port) {
    this("http://127.0.0.1:" + port, Optional.empty(), Optional.empty());
  }

  private CoordinatorHttp(String base, Optional<String> token, Optional<Callers> callers) {
    this.base = base;
    this.token = token;
    this.callers = callers;
  }

  /**
   * A client of a coordinator configured with the test callers (configs/callers.yml and the others
   * that list runtime and alice): submissions and redemptions go as the runtime, everything else as
   * alice, operator-1.
   */
  public static CoordinatorHttp callers(int port) {
    return callers(port, RUNTIME_TOKEN, OPERATOR_TOKEN);
  }

  /** As {@link #callers(int)}, with the tokens of another deployment (dev-init's). */
  public static CoordinatorHttp callers(int port, String runtimeToken, String operatorToken) {
    return new CoordinatorHttp(
        "http://127.0.0.1:" + port,
        Optional.empty(),
        Optional.of(new Callers(runtimeToken, operatorToken)));
  }

  /** The same client presenting {@code Authorization: Bearer token}. */
  public CoordinatorHttp withToken(String bearer) {
    return new CoordinatorHttp(base, Optional.of(bearer), Optional.empty());
  }

  /** One answer: status, parsed body (missing when not JSON) and headers. */
  public record Answer(int status, JsonNode body, String text, HttpHeaders headers) {
    public String errorCode() {
      return body.path("error").path("code").asText(null);
    }

    public JsonNode issues() {
      return body.path("error").path("details").path("issues");
    }
  }

  public Answer get(String path) {
    return send(request(path, false).GET());
  }

  public Answer post(String path, Object body) {
    return postJson(path, text(body));
  }

  /** Posts raw text as JSON, malformed or not. */
  public Answer postJson(String path, String json) {
    return send(
        request(path, true)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  private HttpRequest.Builder request(String path, boolean post) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    tokenFor(path, post).ifPresent(t -> builder.header("Authorization", "Bearer " + t));
    return builder;
  }

  private Optional<String> tokenFor(String path, boolean post) {
    if (callers.isEmpty()) {
      return token;
    }
    boolean runtime =
        post && (path.equals("/v1/override-requests") || path.startsWith("/v1/override-tokens/"));
    return Optional.of(runtime ? callers.get().runtime() : callers.get().operator());
  }

  /**
   * Sends the request, and checks the answer against the coordinator's OpenAPI document ({@link
   * ContractCheck}), so that every test talking through this client also tests the document.
   */
  private Answer send(HttpRequest.Builder request) {
    try {
      HttpRequest built = request.build();
      HttpResponse<String> response = CLIENT.send(built, HttpResponse.BodyHandlers.ofString());
      ContractCheck.of(base + "/v1/openapi.json").check(built.method(), response);
      return new Answer(
          response.statusCode(), parse(response.body()), response.body(), response.headers());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode parse(String body) {
    try {
      return body.isEmpty() ? MissingNode.getInstance() : JSON.readTree(body);
    } catch (IOException e) {
      return MissingNode.getInstance();
    }
  }

  private static String text(Object body) {
    try {
      return body instanceof String s ? s : JSON.writeValueAsString(body);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
