package io.causality.hitl.protocol;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A client of the coordinator's submission and redemption endpoints on the JDK HTTP client.
 *
 * <p>Every call is bounded by one timeout (5 seconds unless configured) from sending to the whole
 * body read. It never throws for transport trouble: connect errors, timeouts and 5xx answers come
 * back as {@link CoordinatorResult.Unavailable}, so that a caller can fail closed. Thread-safe;
 * share one instance.
 */
public final class CoordinatorClient {

  /** The contract's timeout for calls to the coordinator. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  static final String SUBMIT_PATH = "/v1/override-requests";
  static final String REDEEM_PATH = "/v1/override-tokens/redeem";

  private final URI baseUri;
  private final Duration timeout;
  private final Optional<String> bearerToken;
  private final HttpClient http;

  /** A client with the default timeout and no credentials. */
  public CoordinatorClient(URI baseUri) {
    this(baseUri, DEFAULT_TIMEOUT, Optional.empty());
  }

  /**
   * @param baseUri the coordinator's base address, for example http://127.0.0.1:8090
   * @param timeout the bound on each call
   * @param bearerToken sent as {@code Authorization: Bearer} when present
   */
  public CoordinatorClient(URI baseUri, Duration timeout, Optional<String> bearerToken) {
    this.baseUri = Objects.requireNonNull(baseUri, "baseUri");
    this.timeout = requirePositive(timeout);
    this.bearerToken = Objects.requireNonNull(bearerToken, "bearerToken");
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(timeout)
            .build();
  }

  /** Redeems a token: {@code POST /v1/override-tokens/redeem}. */
  public CoordinatorResult<RedeemResponse> redeem(RedeemRequest request) {
    return post(REDEEM_PATH, request, RedeemResponse.class);
  }

  /** Submits an override request: {@code POST /v1/override-requests}. */
  public CoordinatorResult<SubmitOverrideResponse> submit(SubmitOverrideRequest request) {
    return post(SUBMIT_PATH, request, SubmitOverrideResponse.class);
  }

  /** The configured timeout. */
  public Duration timeout() {
    return timeout;
  }

  @Override
  public String toString() {
    return "CoordinatorClient[" + baseUri + ", timeout=" + timeout + "]";
  }

  private <T> CoordinatorResult<T> post(String path, Object body, Class<T> type) {
    HttpRequest request;
    try {
      request = newRequest(path, ProtocolJson.shared().writeValueAsString(body));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialize the request body", e);
    }
    Attempt attempt = send(request);
    return attempt.response() == null
        ? new CoordinatorResult.Unavailable<>(attempt.failure())
        : interpret(attempt.response(), type);
  }

  private HttpRequest newRequest(String path, String json) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(baseUri.resolve(path))
            .timeout(timeout)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    bearerToken.ifPresent(token -> builder.header("Authorization", "Bearer " + token));
    return builder.build();
  }

  /** A response, or why there is none. */
  private record Attempt(HttpResponse<String> response, String failure) {}

  private Attempt send(HttpRequest request) {
    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    try {
      // The request timeout stops at the headers; this bounds the body read as well.
      return new Attempt(future.get(timeout.toMillis(), TimeUnit.MILLISECONDS), null);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      return new Attempt(null, "interrupted while calling " + baseUri);
    } catch (TimeoutException e) {
      future.cancel(true);
      return new Attempt(null, "no answer from " + baseUri + " within " + timeout);
    } catch (ExecutionException e) {
      return new Attempt(null, "cannot reach " + baseUri + ": " + describe(e.getCause()));
    }
  }

  private static String describe(Throwable cause) {
    if (cause == null) {
      return "unknown error";
    }
    String message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : " " + message);
  }

  private <T> CoordinatorResult<T> interpret(HttpResponse<String> response, Class<T> type) {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return parseSuccess(status, response.body(), type);
    }
    if (status >= 400 && status < 500) {
      return refused(status, response.body());
    }
    return new CoordinatorResult.Unavailable<>("HTTP " + status + " from " + baseUri);
  }

  private <T> CoordinatorResult<T> parseSuccess(int status, String body, Class<T> type) {
    try {
      T value = ProtocolJson.shared().readValue(body, type);
      if (value != null) {
        return new CoordinatorResult.Success<>(status, value);
      }
    } catch (JsonProcessingException | IllegalArgumentException e) {
      // Falls through: an unreadable success is no answer a caller may act on.
    }
    return new CoordinatorResult.Unavailable<>("unreadable HTTP " + status + " answer");
  }

  private static <T> CoordinatorResult<T> refused(int status, String body) {
    JsonNode json = parseLeniently(body);
    JsonNode error = json.path("error");
    return new CoordinatorResult.Refused<>(
        status, error.path("code").asText(""), error.path("message").asText(""), json);
  }

  private static JsonNode parseLeniently(String body) {
    try {
      JsonNode json = ProtocolJson.shared().readTree(body);
      return json == null ? MissingNode.getInstance() : json;
    } catch (JsonProcessingException e) {
      return MissingNode.getInstance();
    }
  }

  private static Duration requirePositive(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive");
    }
    return timeout;
  }
}
