package io.causality.hitl.protocol.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestList;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * The one client of the coordinator's API on the JDK HTTP client: submission, redemption and get
 * (what became of its own submissions) for the evaluation runtime, list, get, approve and deny for
 * the operator's tools, all of it for the benchmarks.
 *
 * <p>Every call is bounded by one timeout (5 seconds unless configured) from sending to the whole
 * body read. It never throws for transport trouble: connect errors, timeouts and 5xx answers come
 * back as {@link CoordinatorResult.Unavailable}, so that a caller can fail closed; 4xx answers as
 * {@link CoordinatorResult.Refused}. The bearer token, when given, is sent with every call and
 * never appears in a result or in {@link #toString}. Thread-safe; share one instance.
 */
public final class CoordinatorClient {
  /** The wire contract's mapper, private to this class so that nobody reconfigures it. */
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  /** The contract's timeout for calls to the coordinator. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

  static final String SUBMIT_PATH = "/v1/override-requests";
  static final String REDEEM_PATH = "/v1/override-tokens/redeem";
  static final String HEALTH_PATH = "/healthz";
  private static final String REQUESTS = SUBMIT_PATH;
  private static final int ACCEPTED = 202;

  private final String baseUrl;
  private final Duration timeout;
  private final Optional<String> bearerToken;
  private final CallObserver observer;
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
    this(baseUri, timeout, bearerToken, CallObserver.NONE);
  }

  /**
   * @param observer told of each call, and asked for headers to add (trace context)
   */
  public CoordinatorClient(
      URI baseUri, Duration timeout, Optional<String> bearerToken, CallObserver observer) {
    this.observer = Objects.requireNonNull(observer, "observer");
    this.baseUrl = stripSlash(Objects.requireNonNull(baseUri, "baseUri").toString());
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
    return call("redeem", postRequest(REDEEM_PATH, request), RedeemResponse.class);
  }

  /** Submits an override request: {@code POST /v1/override-requests}. */
  public CoordinatorResult<SubmitOverrideResponse> submit(SubmitOverrideRequest request) {
    return call("submit", postRequest(SUBMIT_PATH, request), SubmitOverrideResponse.class);
  }

  /** One page of the requests, newest first: {@code GET /v1/override-requests}. */
  public CoordinatorResult<OverrideRequestList> list(OverrideRequestQuery query) {
    return call(
        "list",
        getRequest(REQUESTS + query.queryString(CoordinatorClient::encode)),
        OverrideRequestList.class);
  }

  /**
   * Every request the query matches, newest first, page after page from its offset. A request that
   * moves to a later page while the pages are read (a newer one was submitted) is kept once; a page
   * that adds nothing new ends the reading. The first page that fails is the answer.
   */
  public CoordinatorResult<List<OverrideRequestRecord>> listAll(OverrideRequestQuery query) {
    Map<String, OverrideRequestRecord> all = new LinkedHashMap<>();
    OverrideRequestQuery page = query;
    while (true) {
      CoordinatorResult<OverrideRequestList> answer = list(page);
      if (!(answer instanceof CoordinatorResult.Success<OverrideRequestList> success)) {
        return map(answer, list -> List.of());
      }
      OverrideRequestList list = success.value();
      int before = all.size();
      list.data().forEach(r -> all.putIfAbsent(r.coordinatorRequestId(), r));
      if (all.size() == before || !list.pagination().hasMoreAfter(list.data().size())) {
        return new CoordinatorResult.Success<>(success.httpStatus(), List.copyOf(all.values()));
      }
      page = page.after(list.data().size());
    }
  }

  /**
   * The coordinator's public health answer ({@code GET /healthz}) as raw JSON: a success when it
   * reports itself up; its 503 {@code DOWN} comes back as {@link CoordinatorResult.Unavailable}.
   */
  public CoordinatorResult<JsonNode> health() {
    return call("health", getRequest(HEALTH_PATH), JsonNode.class);
  }

  /**
   * One request with its audit trail: {@code GET /v1/override-requests/{id}}. An operator reads the
   * requests of its organizations, a submitter those it submitted; any other is a 404 {@link
   * CoordinatorResult.Refused}, as an unknown id.
   */
  public CoordinatorResult<OverrideRequestRecord> get(String id) {
    return call("get", getRequest(REQUESTS + "/" + encode(id)), OverrideRequestRecord.class);
  }

  /**
   * Approves a PENDING request whose policy needs one approval; the answer is the signed token.
   * With a quorum above one, use {@link #approval}: the 202 of an approval that does not complete
   * it is no token, and so comes back here as {@link CoordinatorResult.Unavailable}.
   */
  public CoordinatorResult<OverrideTokenEnvelope> approve(String id, ApproveOverrideRequest body) {
    return call(
        "approve",
        postRequest(REQUESTS + "/" + encode(id) + "/approve", body),
        OverrideTokenEnvelope.class);
  }

  /**
   * Approves a PENDING request: the signed token when this approval completes the policy's quorum
   * (200), else the request record with one more approval (202).
   */
  public CoordinatorResult<OverrideApproval> approval(String id, ApproveOverrideRequest body) {
    CallObserver.Call observed = observer.starting("approve");
    Attempt attempt =
        send(postRequest(REQUESTS + "/" + encode(id) + "/approve", body), observed.headers());
    CoordinatorResult<OverrideApproval> result;
    if (attempt.response() == null) {
      result = new CoordinatorResult.Unavailable<>(unreachable(attempt.failure()));
    } else if (attempt.response().statusCode() == ACCEPTED) {
      result =
          map(
              interpret(attempt.response(), OverrideRequestRecord.class),
              record -> new OverrideApproval(null, record));
    } else {
      result =
          map(
              interpret(attempt.response(), OverrideTokenEnvelope.class),
              token -> new OverrideApproval(token, null));
    }
    observed.finished(outcome(result));
    return result;
  }

  /** Denies a PENDING request; the answer is the updated request. */
  public CoordinatorResult<OverrideRequestRecord> deny(String id, DenyOverrideRequest body) {
    return call(
        "deny",
        postRequest(REQUESTS + "/" + encode(id) + "/deny", body),
        OverrideRequestRecord.class);
  }

  /** The base address, without a trailing slash, as failures name it. */
  public String baseUrl() {
    return baseUrl;
  }

  /** The configured timeout. */
  public Duration timeout() {
    return timeout;
  }

  @Override
  public String toString() {
    return "CoordinatorClient[" + baseUrl + ", timeout=" + timeout + "]";
  }

  private HttpRequest.Builder getRequest(String path) {
    return request(path).GET();
  }

  private HttpRequest.Builder postRequest(String path, Object body) {
    String json;
    try {
      json = JSON.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialize the request body", e);
    }
    return request(path)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json));
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(timeout)
            .header("Accept", "application/json");
    bearerToken.ifPresent(token -> builder.header("Authorization", "Bearer " + token));
    return builder;
  }

  private <T> CoordinatorResult<T> call(
      String operation, HttpRequest.Builder request, Class<T> type) {
    CallObserver.Call observed = observer.starting(operation);
    Attempt attempt = send(request, observed.headers());
    CoordinatorResult<T> result =
        attempt.response() == null
            ? new CoordinatorResult.Unavailable<>(unreachable(attempt.failure()))
            : interpret(attempt.response(), type);
    observed.finished(outcome(result));
    return result;
  }

  private static String outcome(CoordinatorResult<?> result) {
    if (result instanceof CoordinatorResult.Success<?>) {
      return "success";
    }
    return result instanceof CoordinatorResult.Refused<?> ? "refused" : "unavailable";
  }

  /** A response, or why there is none. */
  private record Attempt(HttpResponse<String> response, String failure) {}

  private Attempt send(HttpRequest.Builder builder, Map<String, String> headers) {
    headers.forEach(builder::header);
    CompletableFuture<HttpResponse<String>> future =
        http.sendAsync(builder.build(), HttpResponse.BodyHandlers.ofString());
    try {
      // The request timeout stops at the headers; this bounds the body read as well.
      return new Attempt(future.get(timeout.toMillis(), TimeUnit.MILLISECONDS), null);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      return new Attempt(null, "interrupted");
    } catch (TimeoutException e) {
      future.cancel(true);
      return new Attempt(null, noAnswer());
    } catch (ExecutionException e) {
      return new Attempt(null, describe(e.getCause()));
    }
  }

  private String unreachable(String why) {
    return "coordinator unreachable at " + baseUrl + ": " + why;
  }

  private String noAnswer() {
    return "no answer within " + timeout.toMillis() + " ms";
  }

  private String describe(Throwable cause) {
    if (cause instanceof HttpTimeoutException) {
      return noAnswer();
    }
    if (cause instanceof ConnectException) {
      return "connection refused";
    }
    if (cause == null) {
      return "unknown error";
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
  }

  private <T> CoordinatorResult<T> interpret(HttpResponse<String> response, Class<T> type) {
    int status = response.statusCode();
    if (status >= 200 && status < 300) {
      return parseSuccess(status, response.body(), type);
    }
    JsonNode body = parseLeniently(response.body());
    if (status >= 400 && status < 500) {
      JsonNode error = body.path("error");
      return new CoordinatorResult.Refused<>(
          status, error.path("code").asText(""), error.path("message").asText(""), body);
    }
    return new CoordinatorResult.Unavailable<>("HTTP " + status + " from " + baseUrl, status, body);
  }

  private <T> CoordinatorResult<T> parseSuccess(int status, String body, Class<T> type) {
    try {
      T value = JSON.readValue(body, type);
      if (value != null) {
        return new CoordinatorResult.Success<>(status, value);
      }
    } catch (JsonProcessingException | IllegalArgumentException e) {
      // Falls through: an unreadable success is no answer a caller may act on.
    }
    return new CoordinatorResult.Unavailable<>(
        "unreadable HTTP " + status + " answer from " + baseUrl);
  }

  /** The same result with its success body converted; refusals and failures pass unchanged. */
  private static <T, R> CoordinatorResult<R> map(CoordinatorResult<T> result, Function<T, R> f) {
    if (result instanceof CoordinatorResult.Success<T> success) {
      return new CoordinatorResult.Success<>(success.httpStatus(), f.apply(success.value()));
    }
    if (result instanceof CoordinatorResult.Refused<T> refused) {
      return new CoordinatorResult.Refused<>(
          refused.httpStatus(), refused.errorCode(), refused.message(), refused.rawBody());
    }
    CoordinatorResult.Unavailable<T> unavailable = (CoordinatorResult.Unavailable<T>) result;
    return new CoordinatorResult.Unavailable<>(
        unavailable.reason(), unavailable.httpStatus(), unavailable.rawBody());
  }

  private static JsonNode parseLeniently(String body) {
    try {
      JsonNode json = JSON.readTree(body);
      return json == null ? MissingNode.getInstance() : json;
    } catch (JsonProcessingException e) {
      return MissingNode.getInstance();
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  private static Duration requirePositive(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive");
    }
    return timeout;
  }
}
