package io.causality.hitl.coordinator.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.Gen;
import io.causality.common.testing.HostileBodies;
import io.causality.common.testing.HostileInput;
import io.causality.common.testing.HostileInput.Operation;
import io.causality.common.testing.RawHttp;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.OverrideBodies;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every endpoint of the coordinator's API, over real HTTP, with what a careless or hostile client
 * sends: malformed and mistyped bodies, odd headers, garbage query values and path ids. Whatever
 * arrives, the answer is never a 5xx, and every error is the documented envelope with nothing
 * internal in it.
 */
class HostileInputIntegrationTest {
  private static final String REQUESTS = "/v1/override-requests";

  private static DropwizardAppExtension<CoordinatorConfiguration> app;
  private static List<Operation> operations;
  private static List<String> validIds;

  /** One operation: method, path ({id} for the request id), query parameters, valid body. */
  @BeforeAll
  static void start() throws Exception {
    app =
        new DropwizardAppExtension<>(
            CoordinatorApplication.class,
            ResourceHelpers.resourceFilePath("configs/callers.yml"),
            // A small body limit puts the 413 path, declared and chunked, in the mix.
            TestDeployment.plain().overrides("maxRequestBodySize", "64KiB"));
    app.before();
    CoordinatorHttp http = CoordinatorHttp.callers(app.getLocalPort());
    String pending = submitted(http, "actor-pending");
    String approved = submitted(http, "actor-approved");
    Answer token =
        http.post(
            REQUESTS + "/" + approved + "/approve", OverrideBodies.approve(TestDeployment.KEY_ID));
    assertThat(token.status()).as(token.text()).isEqualTo(200);
    JsonNode record = http.get(REQUESTS + "/" + approved).body();
    validIds = List.of(pending, approved);
    operations =
        List.of(
            new Operation("POST", REQUESTS, List.of(), OverrideBodies.submission("actor-new")),
            new Operation("GET", REQUESTS, List.of("status"), null),
            new Operation("GET", REQUESTS + "/{id}", List.of(), null),
            new Operation(
                "POST",
                REQUESTS + "/{id}/approve",
                List.of(),
                OverrideBodies.approve(TestDeployment.KEY_ID)
                    .put("operatorNote", "ok")
                    .put("tokenTtlMs", 60_000)),
            new Operation(
                "POST",
                REQUESTS + "/{id}/deny",
                List.of(),
                OverrideBodies.deny(TestDeployment.KEY_ID, "no")),
            new Operation(
                "POST",
                "/v1/override-tokens/redeem",
                List.of(),
                OverrideBodies.redeem(token.body(), record)),
            new Operation("GET", "/healthz", List.of(), null));
  }

  @AfterAll
  static void stop() {
    app.after();
  }

  @Test
  void everyEndpointAnswersHostileInputWithTheEnvelope() {
    HostileInput.sendEach(
        app.getLocalPort(), operations, 300, HostileInputIntegrationTest::request);
  }

  /**
   * Found by review: a 400-digit integer passed Jackson, became Infinity in the RFC 8785
   * canonicalizer, and the submission answered 500. It is a bad field now, named in the 400.
   */
  @Test
  void aNumberBeyondIJsonIsABadFieldNotAServerError() throws Exception {
    JsonNode submission = OverrideBodies.submission("actor-huge");
    ((ObjectNode) submission.path("evaluationRequest").path("snapshot").path("metrics"))
        .set("load", CoordinatorHttp.JSON.readTree("9".repeat(400)));

    Answer answer = CoordinatorHttp.callers(app.getLocalPort()).post(REQUESTS, submission);

    assertThat(answer.status()).as(answer.text()).isEqualTo(400);
    assertThat(answer.body().path("error").path("details").path("issues").path(0).path("path"))
        .hasToString("\"evaluationRequest.snapshot.metrics.load\"");
  }

  /** Found by review: an escape sequence in an id reached operators' terminals. */
  @Test
  void aControlCharacterInAnIdIsABadField() {
    JsonNode submission = OverrideBodies.submission("a\u001b[2Jb");

    Answer answer = CoordinatorHttp.callers(app.getLocalPort()).post(REQUESTS, submission);

    assertThat(answer.status()).as(answer.text()).isEqualTo(400);
    assertThat(answer.text()).contains("evaluationRequest.actorId");
  }

  /** A request for {@code operation}, every part drawn from {@code random}. */
  private static RawHttp.Request request(Operation operation, Random random) {
    boolean hasBody = operation.template() != null;
    String method = HostileInput.methods(operation.method()).next(random);
    String target = target(operation).next(random);
    byte[] body =
        HostileBodies.bodies(operation.template()).orNull(hasBody ? 0.05 : 0.85).next(random);
    boolean chunked = Gen.of(false, false, true).next(random);
    // mostly the caller that may make the call, so that the call reaches the resource
    String auth =
        random.nextDouble() < 0.7
            ? "Bearer " + tokenFor(operation)
            : HostileInput.headerValues().orNull(0.3).next(random);
    String type = HostileInput.contentTypes().orNull(0.1).next(random);
    String accept = HostileInput.accepts().orNull(0.5).next(random);
    String requestId = HostileInput.headerValues().orNull(0.7).next(random);
    Map<String, String> headers = new LinkedHashMap<>();
    put(headers, "Authorization", auth);
    put(headers, "Content-Type", body == null ? null : type);
    put(headers, "Accept", accept);
    put(headers, "X-Request-Id", requestId);
    return new RawHttp.Request(method, target, headers, body, chunked);
  }

  /** The runtime submits and redeems; alice, the operator, does the rest. */
  private static String tokenFor(Operation operation) {
    boolean runtime =
        operation.method().equals("POST")
            && (operation.path().equals(REQUESTS) || operation.path().endsWith("/redeem"));
    return runtime ? CoordinatorHttp.RUNTIME_TOKEN : CoordinatorHttp.OPERATOR_TOKEN;
  }

  private static void put(Map<String, String> headers, String name, String value) {
    if (value != null) {
      headers.put(name, value);
    }
  }

  private static Gen<String> target(Operation operation) {
    List<Gen<String>> parts = new ArrayList<>();
    String[] around = operation.path().split("\\{id}", -1);
    parts.add(Gen.just(around[0]));
    if (around.length > 1) {
      parts.add(HostileInput.pathSegments(validIds));
      parts.add(Gen.just(around[1]));
    }
    List<String> names = new ArrayList<>(operation.query());
    names.add("unknown");
    for (String name : names) {
      parts.add(
          HostileInput.queryValues()
              .map(value -> "&" + name + "=" + value)
              .orNull(0.5)
              .map(pair -> pair == null ? "" : pair));
    }
    return Gen.each(parts)
        .map(
            list -> {
              String joined = String.join("", list);
              int query = joined.indexOf('&');
              return query < 0
                  ? joined
                  : joined.substring(0, query) + "?" + joined.substring(query + 1);
            });
  }

  private static String submitted(CoordinatorHttp http, String actorId) {
    Answer answer = http.post(REQUESTS, OverrideBodies.submission(actorId));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }
}
