package io.causality.hitl.coordinator.cli;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.cli.HitlCli.Result;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code hitl list|get|approve|deny} against a coordinator running in the test. */
@ExtendWith(DropwizardExtensionsSupport.class)
class HitlCommandIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/operator-tools.yml"),
          DEPLOYMENT.overrides());

  private final HitlCli cli = new HitlCli(Map.of("HITL_TOKEN", CoordinatorHttp.OPERATOR_TOKEN));
  private CoordinatorHttp http;
  private String url;

  @BeforeEach
  void coordinator() {
    http = CoordinatorHttp.callers(APP.getLocalPort());
    url = "http://127.0.0.1:" + APP.getLocalPort();
  }

  private String submit(String actorId) {
    Answer answer = http.post("/v1/override-requests", submission(actorId));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  private JsonNode record(String id) {
    return http.get("/v1/override-requests/" + id).body();
  }

  private static JsonNode json(String text) throws IOException {
    return CoordinatorHttp.JSON.readTree(text);
  }

  @Test
  void listPrintsATableOfTheRequests() {
    String id = submit("actor-list-table");

    Result result = cli.run("hitl", "list", "--url", url);

    assertThat(result.exit()).as(result.err()).isZero();
    String[] lines = result.out().split("\n");
    assertThat(lines[0]).startsWith("ID").contains("STATUS", "ACTOR", "DECISION", "EXPIRES");
    assertThat(result.out()).containsPattern(id + " +PENDING +actor-list-table +REJECT_STATE");
  }

  @Test
  void listFiltersByStatusAndPrintsJsonForScripts() throws IOException {
    String pending = submit("actor-list-json");
    String denied = submit("actor-list-json");
    cli.run("hitl", "deny", denied, "--key-id", TestDeployment.KEY_ID, "--url", url);

    Result result = cli.run("hitl", "list", "--status", "pending", "--json", "--url", url);

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode list = json(result.out());
    assertThat(list.isArray()).isTrue();
    assertThat(list.findValuesAsText("coordinatorRequestId"))
        .contains(pending)
        .doesNotContain(denied);
    assertThat(list.findValuesAsText("status")).containsOnly("PENDING");
  }

  @Test
  void getPrintsTheRequestAndItsAuditTrail() throws IOException {
    String id = submit("actor-get");

    Result table = cli.run("hitl", "get", id, "--url", url);
    Result asJson = cli.run("hitl", "get", id, "--json", "--url", url);

    assertThat(table.exit()).as(table.err()).isZero();
    assertThat(table.out())
        .containsPattern("status: +PENDING")
        .containsPattern("actor: +actor-get")
        .containsPattern("gamma headroom: +-0.14")
        .contains("audit:")
        .containsPattern("SUBMITTED +by runtime");
    JsonNode record = json(asJson.out());
    assertThat(record.get("coordinatorRequestId").asText()).isEqualTo(id);
    assertThat(record.get("audit")).hasSize(1);
  }

  @Test
  void approvePrintsTheEnvelopeOnStandardOutputAndItsMessageOnStandardError() throws IOException {
    String id = submit("actor-approve");

    Result result =
        cli.run(
            "hitl",
            "approve",
            id,
            "--key-id",
            TestDeployment.KEY_ID,
            "--note",
            "checked by hand",
            "--ttl",
            "60000",
            "--url",
            url);

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode envelope = json(result.out());
    assertThat(envelope.get("keyId").asText()).isEqualTo(TestDeployment.KEY_ID);
    assertThat(envelope.get("alg").asText()).isEqualTo("PS256");
    JsonNode payload = json(envelope.get("payload").asText());
    assertThat(
            Duration.between(
                Instant.parse(payload.get("issuedAt").asText()),
                Instant.parse(payload.get("expiresAt").asText())))
        .isEqualTo(Duration.ofSeconds(60));
    assertThat(result.err()).contains("approved " + id, envelope.get("tokenId").asText());
    JsonNode record = record(id);
    assertThat(record.get("status").asText()).isEqualTo("APPROVED");
    assertThat(record.get("operatorNote").asText()).isEqualTo("checked by hand");
    assertThat(record.get("decidedBy").asText()).isEqualTo(TestDeployment.OPERATOR_ID);
  }

  @Test
  void denyRecordsTheOperatorAndTheNote() {
    String id = submit("actor-deny");

    Result result =
        cli.run(
            "hitl",
            "deny",
            id,
            "--key-id",
            TestDeployment.KEY_ID,
            "--note",
            "too risky",
            "--url",
            url);

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).isEqualTo("denied " + id + " by " + TestDeployment.OPERATOR_ID);
    JsonNode record = record(id);
    assertThat(record.get("status").asText()).isEqualTo("DENIED");
    assertThat(record.get("operatorNote").asText()).isEqualTo("too risky");
  }

  @Test
  void aRefusalExitsOneWithTheCoordinatorsMessage() {
    String id = submit("actor-refused");
    cli.run("hitl", "approve", id, "--key-id", TestDeployment.KEY_ID, "--url", url);

    Result again = cli.run("hitl", "deny", id, "--key-id", TestDeployment.KEY_ID, "--url", url);
    Result unknown = cli.run("hitl", "get", UUID.randomUUID().toString(), "--url", url);
    Result badKey =
        cli.run("hitl", "approve", submit("actor-refused-key"), "--key-id", "ops-9", "--url", url);

    assertThat(again.exit()).isEqualTo(1);
    assertThat(again.err())
        .startsWith("error: coordinator refused (409 INVALID_TRANSITION)")
        .contains("APPROVED");
    assertThat(again.out()).isEmpty();
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err()).startsWith("error: coordinator refused (404 NOT_FOUND)");
    assertThat(badKey.exit()).isEqualTo(1);
    assertThat(badKey.err()).startsWith("error: coordinator refused (400 VALIDATION_ERROR)");
    assertThat(badKey.out()).isEmpty();
  }

  @Test
  void badUsageExitsTwoAndSendsNothing() {
    String id = submit("actor-usage");

    assertThat(new HitlCli().run("hitl", "approve", id, "--url", url).exit()).isEqualTo(2);
    assertThat(cli.run("hitl", "list", "--status", "lost", "--url", url).exit()).isEqualTo(2);
    assertThat(
            cli.run("hitl", "approve", id, "--key-id", "ops-1", "--ttl", "soon", "--url", url)
                .exit())
        .isEqualTo(2);
    assertThat(cli.run("hitl", "list", "--url", "127.0.0.1:8090").exit()).isEqualTo(2);
    assertThat(cli.run("hitl").exit()).isEqualTo(2);
    assertThat(cli.run("hitl", "serve").exit()).isEqualTo(2);
    assertThat(record(id).get("status").asText()).isEqualTo("PENDING");
  }

  @Test
  void serveRunsTheServerCommandWithItsReadableStartupFailures() throws IOException {
    // The extension's overrides are JVM-wide system properties, so a config that would start
    // here must fail on something they do not override: an open API on a public address.
    String minimal =
        Files.readString(Path.of(ResourceHelpers.resourceFilePath("configs/minimal.yml")));
    Path config =
        DEPLOYMENT.write(
            "public-bind.yml", minimal.replace("bind: 127.0.0.1:0", "bind: 0.0.0.0:0"));

    Result result = cli.run("hitl", "serve", "--config", config.toString());

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err())
        .contains("hitl-coordinator did not start: bind 0.0.0.0:0 is not a " + "loopback address")
        .doesNotContain("Exception");
  }

  @Test
  void anUnreachableCoordinatorExitsThree() throws IOException {
    String closed = "http://127.0.0.1:" + closedPort();

    Result list = cli.run("hitl", "list", "--url", closed);
    Result approve = cli.run("hitl", "approve", "x", "--key-id", "ops-1", "--url", closed);

    assertThat(list.exit()).isEqualTo(3);
    assertThat(list.err())
        .isEqualTo("error: coordinator unreachable at " + closed + ": connection refused");
    assertThat(approve.exit()).isEqualTo(3);
    assertThat(approve.out()).isEmpty();
  }

  /** The token goes in the clear over plain http: only to this machine, or when told so. */
  @Test
  void plainHttpToAnotherHostIsRefusedWithoutInsecure() throws IOException {
    String remote = "http://198.51.100.7:8090"; // refused before anything is sent

    Result refused = cli.run("hitl", "list", "--url", remote);

    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err())
        .isEqualTo(
            "error: --url "
                + remote
                + " is plain http to another host: the bearer token and the decisions would"
                + " cross the network in the clear; use https, or add --insecure");
    int closed = closedPort();
    for (String local :
        List.of(
            "http://127.0.0.1:" + closed, "http://localhost:" + closed, "http://[::1]:" + closed)) {
      assertThat(cli.run("hitl", "list", "--url", local).exit()).as(local).isEqualTo(3);
    }
    assertThat(cli.run("hitl", "list", "--insecure", "--url", "http://127.0.0.1:" + closed).exit())
        .isEqualTo(3);
    assertThat(HitlCommand.isPlainHttpToAnotherHost(URI.create(remote))).isTrue();
    assertThat(HitlCommand.isPlainHttpToAnotherHost(URI.create("https://198.51.100.7"))).isFalse();
    assertThat(HitlCommand.isPlainHttpToAnotherHost(URI.create("http://127.0.0.9:1"))).isFalse();
    assertThat(HitlCommand.isPlainHttpToAnotherHost(URI.create("http://coordinator.example")))
        .isTrue();
  }

  /** A port nothing listens on: bound once by the test, then released. */
  static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
