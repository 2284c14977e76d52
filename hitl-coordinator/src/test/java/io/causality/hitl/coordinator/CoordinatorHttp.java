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

/** A small JSON client of a running coordinator, optionally with a bearer token. */
public final class CoordinatorHttp {
  public static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private final String base;
  private final Optional<String> token;

  public CoordinatorHttp(int port) {
    this("http://127.0.0.1:" + port, Optional.empty());
  }

  private CoordinatorHttp(String base, Optional<String> token) {
    this.base = base;
    this.token = token;
  }

  /** The same client presenting {@code Authorization: Bearer token}. */
  public CoordinatorHttp withToken(String bearer) {
    return new CoordinatorHttp(base, Optional.of(bearer));
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
    return send(request(path).GET());
  }

  public Answer post(String path, Object body) {
    return postJson(path, text(body));
  }

  /** Posts raw text as JSON, malformed or not. */
  public Answer postJson(String path, String json) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    token.ifPresent(t -> builder.header("Authorization", "Bearer " + t));
    return builder;
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
