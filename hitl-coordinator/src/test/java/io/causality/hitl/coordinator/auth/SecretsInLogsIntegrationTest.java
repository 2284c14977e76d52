package io.causality.hitl.coordinator.auth;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.redeem;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.ConsoleCapture;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * No secret reaches a log line or an error: caller tokens (right, wrong, of another role), the
 * authority's private key, the issued token's signature. And a private key file readable by others
 * is warned about at start, once, in one line naming the file. Everything the coordinator writes to
 * the console, start-up and request log included, is captured.
 */
@EnabledIf("io.causality.hitl.coordinator.crypto.KeyFilePermissionsTest#posix")
class SecretsInLogsIntegrationTest {
  private static final String RUNTIME = "runtime-token-0123456789abcdef";
  private static final String OPERATOR = "operator-token-0123456789abcdef";
  private static final String SUBMIT_ONLY = "submitter-token-0123456789abcdef";
  private static final String REQUESTS = "/v1/override-requests";

  private final Map<String, String> secrets = new LinkedHashMap<>();
  private final List<String> errors = new ArrayList<>();

  @Test
  void noSecretReachesTheLogsAndAnOpenKeyFileIsWarnedAboutOnce() throws Exception {
    TestDeployment deployment = TestDeployment.plain();
    Path key = deployment.authorityKey();
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
    String console;
    try (ConsoleCapture capture = ConsoleCapture.start()) {
      DropwizardAppExtension<CoordinatorConfiguration> app =
          new DropwizardAppExtension<>(
              CoordinatorApplication.class,
              ResourceHelpers.resourceFilePath("configs/callers.yml"),
              deployment.overrides("logging.level", "INFO"));
      app.before();
      try {
        exercise(new CoordinatorHttp(app.getLocalPort()), key);
      } finally {
        app.after();
      }
      console = capture.text();
    }
    assertThat(console).contains("POST /v1/override-requests"); // the request log was captured
    assertThat(Arrays.stream(console.split("\n")).filter(line -> line.contains(key.toString())))
        .singleElement()
        .asString()
        .contains("WARN", "group or others");
    secrets.forEach(
        (name, secret) -> {
          assertThat(console).as("the console holds " + name).doesNotContain(secret);
          errors.forEach(
              error -> assertThat(error).as("an error holds " + name).doesNotContain(secret));
        });
  }

  private void exercise(CoordinatorHttp anonymous, Path key) throws Exception {
    secret("the runtime's token", RUNTIME);
    secret("the operator's token", OPERATOR);
    secret("the submitter's token", SUBMIT_ONLY);
    secret("a wrong token", "wrong-token-0123456789abcdef-wrong");
    secret("a token one character off", RUNTIME.substring(0, RUNTIME.length() - 1) + "X");
    privateKeyLines(key);
    for (String token : List.copyOf(secrets.values())) {
      CoordinatorHttp caller = anonymous.withToken(token);
      error(caller.get(REQUESTS));
      error(caller.post(REQUESTS, submission("actor-" + token.length())));
      error(
          caller.post(
              REQUESTS + "/00000000-0000-4000-8000-000000000000/approve",
              approve(TestDeployment.KEY_ID)));
    }
    Answer submitted = anonymous.withToken(RUNTIME).post(REQUESTS, submission("actor-ok"));
    String id = submitted.body().get("coordinatorRequestId").asText();
    Answer token =
        anonymous
            .withToken(OPERATOR)
            .post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID));
    assertThat(token.status()).as(token.text()).isEqualTo(200);
    secrets.put("the issued token's signature", token.body().get("signature").asText());
    JsonNode record = anonymous.withToken(OPERATOR).get(REQUESTS + "/" + id).body();
    assertThat(
            anonymous
                .withToken(RUNTIME)
                .post("/v1/override-tokens/redeem", redeem(token.body(), record))
                .status())
        .isEqualTo(200);
    error(
        anonymous
            .withToken(RUNTIME)
            .post("/v1/override-tokens/redeem", redeem(token.body(), record)));
  }

  private void secret(String name, String value) {
    secrets.put(name, value);
  }

  /** Every full line of the key's base64 body: any of them in a log would leak key bits. */
  private void privateKeyLines(Path key) throws Exception {
    List<String> lines =
        Files.readAllLines(key).stream()
            .filter(line -> !line.startsWith("-----") && line.length() >= 40)
            .toList();
    assertThat(lines).isNotEmpty();
    for (int i = 0; i < lines.size(); i++) {
      secrets.put("line " + i + " of the private key", lines.get(i));
    }
  }

  private void error(Answer answer) {
    if (answer.status() >= 400) {
      errors.add(answer.text() + answer.headers().map());
    }
  }
}
