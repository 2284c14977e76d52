package io.causality.benchmarks.soak;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.benchmarks.Submissions;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak's request mix, and what it remembers between requests to make the next one (the
 * simulations it created, the coordinator's pending requests and approved tokens).
 */
final class SoakCalls {
  private static final int MAX_TICKS_PER_SIMULATION = 100;

  private final boolean sim;
  private final String base;
  private final String apiKey;
  private final Random random = new Random(42);
  // sim-server: simulations with their ticks so far
  private final Map<String, AtomicLong> simulations = new ConcurrentHashMap<>();
  // coordinator: pending request ids, and approved tokens waiting for redemption
  private final ConcurrentLinkedDeque<String> pending = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<String> submitted = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<JsonNode> tokens = new ConcurrentLinkedDeque<>();

  SoakCalls(boolean sim, String base, String apiKey) {
    this.sim = sim;
    this.base = base;
    this.apiKey = apiKey;
  }

  /** The next request of the mix; one at a time, so that the dice stay reproducible. */
  synchronized Call next() {
    int dice = random.nextInt(100);
    return sim ? nextSimCall(dice) : nextCoordinatorCall(dice);
  }

  record Call(String name, HttpRequest request, java.util.function.Consumer<String> onSuccess) {}

  /** sim-server: 10% create, 35% step, 10% decree, 30% get, 5% trace, 10% decree list. */
  private Call nextSimCall(int dice) {
    String id = anySimulation();
    if (dice < 10 || id == null) {
      return new Call(
          "create",
          post("/v1/simulations", "{\"scenarioId\":\"chaos-storm\"}"),
          body -> simulations.put(read(body).get("id").asText(), new AtomicLong()));
    }
    if (dice < 45) {
      AtomicLong ticks = simulations.get(id);
      if (ticks.get() >= MAX_TICKS_PER_SIMULATION) {
        simulations.remove(id); // bounded traces: a finished simulation is only read
        return new Call("get", get("/v1/simulations/" + id), body -> {});
      }
      return new Call(
          "step",
          post("/v1/simulations/" + id + "/step", "{\"ticks\":10}"),
          body -> ticks.addAndGet(10));
    }
    if (dice < 55) {
      return new Call(
          "decree",
          post(
              "/v1/simulations/" + id + "/decrees",
              "{\"type\":\"shock\",\"payload\":{\"magnitude\":1.5}}"),
          body -> {});
    }
    if (dice < 85) {
      return new Call("get", get("/v1/simulations/" + id), body -> {});
    }
    if (dice < 90 && simulations.get(id).get() > 0) {
      return new Call("trace", get("/v1/simulations/" + id + "/trace"), body -> {});
    }
    return new Call("decrees", get("/v1/simulations/" + id + "/decrees"), body -> {});
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
          post("/v1/override-requests", submission()),
          body -> {
            String id = read(body).get("coordinatorRequestId").asText();
            pending.add(id);
            submitted.add(id);
            while (submitted.size() > 1000) {
              submitted.poll();
            }
          });
    }
    if (dice < 60 && !pending.isEmpty()) {
      String id = pending.poll();
      boolean deny = dice >= 55;
      return new Call(
          deny ? "deny" : "approve",
          post(
              "/v1/override-requests/" + id + (deny ? "/deny" : "/approve"),
              "{\"keyId\":\"ops-1\"}"),
          body -> {
            if (!deny) {
              tokens.add(read(body));
            }
          });
    }
    if (dice < 85 && !tokens.isEmpty()) {
      return new Call(
          "redeem", post("/v1/override-tokens/redeem", redemption(tokens.poll())), body -> {});
    }
    if (dice < 95 && !submitted.isEmpty()) {
      return new Call("get", get("/v1/override-requests/" + submitted.peekLast()), body -> {});
    }
    return new Call("list", get("/v1/override-requests?status=pending"), body -> {});
  }

  private static String submission() {
    return write(Submissions.submission("soak-" + UUID.randomUUID(), "lic-soak"));
  }

  private static String redemption(JsonNode token) {
    OverrideTokenEnvelope envelope =
        Submissions.JSON.convertValue(token, OverrideTokenEnvelope.class);
    return write(Submissions.redemptionOf(envelope));
  }

  private static String write(Object body) {
    try {
      return Submissions.JSON.writeValueAsString(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write a request body", e);
    }
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

  private static JsonNode read(String text) {
    return Soak.read(text);
  }
}
