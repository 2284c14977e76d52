package io.causality.hitl.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * Load driver of issue 9's evaluation benchmark, against running services (ops/bench/evaluation
 * starts them):
 *
 * <ol>
 *   <li>evaluations/s and p99 without a token at {@code --concurrency} connections, beside a bare
 *       POST endpoint with the same body and the same stack in the same run: a second sim-server
 *       without a policy, whose {@code /v1/evaluations} parses the body, authenticates and answers
 *       503 without evaluating;
 *   <li>evaluations/s and p99 with a fresh approved token each (every one must come back Applied),
 *       beside the coordinator's own redemption rate at the same concurrency.
 * </ol>
 *
 * Options: {@code --sim URL --sim-key KEY --bare URL --bare-key KEY --coordinator URL [--requests
 * 20000] [--tokens 2000] [--concurrency 64] [--license lic-bench]}. {@code --license} must be the
 * license id of the sim-server key's organization, which its evaluations present
 * (ops/bench/evaluation reads it from the organization's license); with another, every token is
 * BindingMismatch.
 */
public final class EvaluationLoad {
  private final DriverOptions options;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final CoordinatorClient coordinator;
  private final CoordinatorClient operator;
  private final ObjectMapper json = Submissions.JSON;

  private EvaluationLoad(DriverOptions options) {
    this.options = options;
    // the runtime submits and redeems, an operator approves (ops/bench/evaluation exports both)
    this.coordinator =
        BenchCallers.fromEnvironment(
            options.get("coordinator"), Duration.ofSeconds(30), BenchCallers.RUNTIME_VARIABLE);
    this.operator =
        BenchCallers.fromEnvironment(
            options.get("coordinator"), Duration.ofSeconds(30), BenchCallers.OPERATOR_VARIABLE);
  }

  public static void main(String[] args) throws Exception {
    new EvaluationLoad(
            DriverOptions.parse(args, List.of("sim", "sim-key", "bare", "bare-key", "coordinator")))
        .run();
  }

  private void run() throws Exception {
    int threads = intOption("concurrency", 64);
    String body =
        json.writeValueAsString(Submissions.submission("bench-no-token").evaluationRequest());
    List<String> bodies = Collections.nCopies(intOption("requests", 20_000), body);
    warmUp(body);
    Measurement bare =
        Workers.run(
            "bare POST (503, no policy)",
            threads,
            bodies,
            (b, w) -> post(option("bare"), option("bare-key"), b).statusCode() == 503);
    Measurement plain =
        Workers.run(
            "evaluations without a token",
            threads,
            bodies,
            (b, w) -> post(option("sim"), option("sim-key"), b).statusCode() == 200);
    compare(plain, bare, "of the bare POST");

    int tokens = intOption("tokens", 2_000);
    List<JsonNode> forRedeem = approved("redeem", tokens);
    List<JsonNode> forEvaluate = approved("evaluate", tokens);
    Measurement redemptions =
        Workers.run(
            "coordinator redemptions",
            threads,
            forRedeem,
            (request, w) -> redeem(request.get("overrideToken")));
    Measurement withToken =
        Workers.run(
            "evaluations with a fresh token",
            threads,
            forEvaluate,
            (request, w) -> applied(request));
    compare(withToken, redemptions, "of the coordinator's redemptions");
  }

  private void warmUp(String body) throws Exception {
    List<String> bodies = Collections.nCopies(3_000, body);
    Workers.run(
        "warm-up",
        16,
        bodies,
        (b, w) ->
            post(option("bare"), option("bare-key"), b).statusCode() == 503
                & post(option("sim"), option("sim-key"), b).statusCode() == 200);
  }

  /** Approved requests, each its evaluationRequest with its token attached; not timed. */
  private List<JsonNode> approved(String prefix, int count) throws Exception {
    String run = Long.toString(System.nanoTime(), 36);
    List<String> actors =
        IntStream.range(0, count).mapToObj(i -> prefix + "-" + run + "-" + i).toList();
    Map<String, JsonNode> ready = new ConcurrentHashMap<>();
    Measurement made =
        Workers.run(
            "submit and approve",
            8,
            actors,
            (actor, w) -> ready.put(actor, withToken(actor)) == null);
    if (made.errors() > 0) {
      throw new IllegalStateException(made.errors() + " approvals failed");
    }
    return new ArrayList<>(actors.stream().map(ready::get).toList());
  }

  private JsonNode withToken(String actor) throws Exception {
    SubmitOverrideRequest submission = Submissions.submission(actor, option("license"));
    String id = coordinator.submit(submission).body().orElseThrow().coordinatorRequestId();
    OverrideTokenEnvelope token =
        operator.approve(id, new ApproveOverrideRequest("ops-1", null, null)).body().orElseThrow();
    ObjectNode request = submission.evaluationRequest().deepCopy();
    request.set("overrideToken", json.valueToTree(token));
    return request;
  }

  /** Redeems the token an evaluation request carries; true when ACCEPTED. */
  private boolean redeem(JsonNode token) throws Exception {
    OverrideTokenEnvelope envelope = json.treeToValue(token, OverrideTokenEnvelope.class);
    return coordinator
        .redeem(Submissions.redemptionOf(envelope))
        .body()
        .map(RedeemResponse::accepted)
        .orElse(false);
  }

  /** True when the evaluation came back overridden: the token was redeemed. */
  private boolean applied(JsonNode request) throws Exception {
    HttpResponse<String> response =
        post(option("sim"), option("sim-key"), json.writeValueAsString(request));
    return response.statusCode() == 200
        && json.readTree(response.body())
            .path("overrideOutcome")
            .path("status")
            .asText()
            .equals("Applied");
  }

  private HttpResponse<String> post(String base, String key, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + "/v1/evaluations"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("X-Api-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static void compare(Measurement measured, Measurement reference, String what) {
    System.out.println(reference);
    System.out.println(measured);
    System.out.printf(
        Locale.ROOT,
        "  %.1f %% %s (target: 50 %% or more)%n",
        100 * measured.perSecond() / reference.perSecond(),
        what);
    if (measured.errors() + reference.errors() > 0) {
      System.out.println(
          "  WARNING: " + (measured.errors() + reference.errors()) + " operations failed");
    }
  }

  private String option(String name) {
    return options.get(name, name.equals("license") ? "lic-bench" : null);
  }

  private int intOption(String name, int fallback) {
    return options.intValue(name, fallback);
  }
}
