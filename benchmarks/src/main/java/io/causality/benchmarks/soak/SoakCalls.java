package io.causality.benchmarks.soak;

import io.causality.hitl.benchmarks.Submissions;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.client.CoordinatorResult;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The soak's request mix, and what it remembers between requests to make the next one (the
 * simulations it created, the coordinator's pending requests and approved tokens). The coordinator
 * is called through the one {@link CoordinatorClient}, sim-server with the JDK's HTTP client.
 */
final class SoakCalls {
  private static final int MAX_TICKS_PER_SIMULATION = 100;
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  private static final String KEY_ID = "ops-1";

  private final boolean sim;
  private final String base;
  private final String apiKey;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final CoordinatorClient coordinator;
  private final Random random = new Random(42);
  // sim-server: simulations with their ticks so far
  private final Map<String, AtomicLong> simulations = new ConcurrentHashMap<>();
  // coordinator: pending request ids, and approved tokens waiting for redemption
  private final ConcurrentLinkedDeque<String> pending = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<String> submitted = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<OverrideTokenEnvelope> tokens = new ConcurrentLinkedDeque<>();

  SoakCalls(boolean sim, String base, String apiKey) {
    this.sim = sim;
    this.base = base;
    this.apiKey = apiKey;
    this.coordinator =
        new CoordinatorClient(
            URI.create(base), TIMEOUT, Optional.of(apiKey).filter(key -> !key.isEmpty()));
  }

  /** The next request of the mix; one at a time, so that the dice stay reproducible. */
  synchronized Call next() {
    int dice = random.nextInt(100);
    return sim ? nextSimCall(dice) : nextCoordinatorCall(dice);
  }

  /**
   * One request of the mix: its name, and the exchange, which blocks until the answer and gives its
   * HTTP status (0: no answer at all).
   */
  record Call(String name, Exchange exchange) {}

  /** A blocking exchange with the service. */
  interface Exchange {
    int status() throws IOException, InterruptedException;
  }

  /** sim-server: 10% create, 35% step, 10% decree, 30% get, 5% trace, 10% decree list. */
  private Call nextSimCall(int dice) {
    String id = anySimulation();
    if (dice < 10 || id == null) {
      return simCall(
          "create",
          post("/v1/simulations", "{\"scenarioId\":\"chaos-storm\"}"),
          body -> simulations.put(Soak.read(body).get("id").asText(), new AtomicLong()));
    }
    if (dice < 45) {
      AtomicLong ticks = simulations.get(id);
      if (ticks.get() >= MAX_TICKS_PER_SIMULATION) {
        simulations.remove(id); // bounded traces: a finished simulation is only read
        return simCall("get", get("/v1/simulations/" + id), body -> {});
      }
      return simCall(
          "step",
          post("/v1/simulations/" + id + "/step", "{\"ticks\":10}"),
          body -> ticks.addAndGet(10));
    }
    if (dice < 55) {
      return simCall(
          "decree",
          post(
              "/v1/simulations/" + id + "/decrees",
              "{\"type\":\"shock\",\"payload\":{\"magnitude\":1.5}}"),
          body -> {});
    }
    if (dice < 85) {
      return simCall("get", get("/v1/simulations/" + id), body -> {});
    }
    if (dice < 90 && simulations.get(id).get() > 0) {
      return simCall("trace", get("/v1/simulations/" + id + "/trace"), body -> {});
    }
    return simCall("decrees", get("/v1/simulations/" + id + "/decrees"), body -> {});
  }

  private String anySimulation() {
    List<String> ids = new ArrayList<>(simulations.keySet());
    return ids.isEmpty() ? null : ids.get(random.nextInt(ids.size()));
  }

  /**
   * The coordinator: 30% submit, 25% approve (5% deny) the oldest pending, 25% redeem the oldest
   * token, 10% get, 5% list pending.
   */
  private Call nextCoordinatorCall(int dice) {
    if (dice < 30 || pending.isEmpty() && tokens.isEmpty()) {
      return new Call(
          "submit",
          () ->
              status(
                  coordinator.submit(
                      Submissions.submission("soak-" + UUID.randomUUID(), "lic-soak")),
                  created -> remember(created.coordinatorRequestId())));
    }
    if (dice < 60 && !pending.isEmpty()) {
      String id = pending.poll();
      if (dice >= 55) {
        return new Call(
            "deny",
            () -> status(coordinator.deny(id, new DenyOverrideRequest(KEY_ID, null)), r -> {}));
      }
      return new Call(
          "approve",
          () ->
              status(
                  coordinator.approve(id, new ApproveOverrideRequest(KEY_ID, null, null)),
                  tokens::add));
    }
    if (dice < 85 && !tokens.isEmpty()) {
      OverrideTokenEnvelope token = tokens.poll();
      return new Call(
          "redeem", () -> status(coordinator.redeem(Submissions.redemptionOf(token)), r -> {}));
    }
    if (dice < 95 && !submitted.isEmpty()) {
      String id = submitted.peekLast();
      return new Call("get", () -> status(coordinator.get(id), r -> {}));
    }
    OverrideRequestQuery pendingPage =
        new OverrideRequestQuery(
            Optional.of(OverrideRequestStatus.PENDING),
            Optional.empty(),
            OverrideRequestQuery.DEFAULT_LIMIT,
            0);
    return new Call("list", () -> status(coordinator.list(pendingPage), r -> {}));
  }

  private void remember(String submittedId) {
    pending.add(submittedId);
    submitted.add(submittedId);
    while (submitted.size() > 1000) {
      submitted.poll();
    }
  }

  /** The status of a coordinator answer, after handing a success's body on. */
  private static <T> int status(CoordinatorResult<T> result, Consumer<T> onSuccess) {
    if (result instanceof CoordinatorResult.Success<T> success) {
      onSuccess.accept(success.value());
      return success.httpStatus();
    }
    if (result instanceof CoordinatorResult.Refused<T> refused) {
      return refused.httpStatus();
    }
    return ((CoordinatorResult.Unavailable<T>) result).httpStatus();
  }

  /** A sim-server call: the body of a 2xx answer is handed on. */
  private Call simCall(String name, HttpRequest request, Consumer<String> onSuccess) {
    return new Call(
        name,
        () -> {
          HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
          if (response.statusCode() / 100 == 2) {
            onSuccess.accept(response.body());
          }
          return response.statusCode();
        });
  }

  private HttpRequest post(String path, String body) {
    return request(path, runtimeCall(path))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private HttpRequest get(String path) {
    return request(path, false).GET().build();
  }

  /** The coordinator's submissions and redemptions are the runtime's; the rest an operator's. */
  private static boolean runtimeCall(String path) {
    return path.equals("/v1/override-requests") || path.startsWith("/v1/override-tokens/");
  }

  private HttpRequest.Builder request(String path, boolean runtime) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
    if (!apiKey.isEmpty()) {
      builder.header("X-Api-Key", apiKey);
    }
    // the coordinator's callers, from the tokens ops/soak/run exports (dev-init wrote them)
    String token = System.getenv(runtime ? "HITL_TOKEN_RUNTIME" : "HITL_TOKEN");
    if (token != null && !token.isBlank()) {
      builder.header("Authorization", "Bearer " + token);
    }
    return builder;
  }
}
