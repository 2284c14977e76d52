package io.causality.packaging;

import static io.causality.packaging.Traffic.call;
import static io.causality.packaging.Traffic.pick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.Await;
import io.causality.common.testing.JarProcess;
import io.causality.common.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The upgrade procedure of docs/operations.md ("Upgrades without downtime"), run: two nodes of the
 * previous release (previous-release.properties, built from its commit) on one PostgreSQL schema,
 * requests flowing through both all the time; one node is replaced by this build (which applies its
 * migrations while the old node serves), then the other. Every request of every round must succeed,
 * on old and new nodes alike, which holds only if the new schema still serves the old release: the
 * expand-then-contract rule, enforced. Skipped without a PostgreSQL server.
 */
class RollingUpgradeIntegrationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path ROOT = Path.of(System.getProperty("causality.root", ".."));
  private static final Duration PHASE = Duration.ofSeconds(120);

  private static PreviousRelease previous;

  @BeforeAll
  static void previousRelease() {
    PostgresTestDatabase.create().close(); // skips the class without a server
    previous = PreviousRelease.configured().build();
  }

  @Test
  void theCoordinatorUpgradesOneNodeAtATimeWhileRequestsFlow() throws Exception {
    try (PostgresTestDatabase db = PostgresTestDatabase.create()) {
      Path folder = JarProcess.newWorkDir("upgrade-hitl-");
      String service = "hitl-coordinator";
      new JarProcess("dev-init", newJar(service), folder)
          .run(List.of(), List.of("dev-init", "--dir", "var"));
      Path oldConfig = previous.source().resolve("config/hitl-coordinator.yml");
      Path newConfig = ROOT.resolve("config/hitl-coordinator.yml");

      Node first = Node.start("old-1", service, previous.jar(service), folder, oldConfig, db);
      Node second = secondBeside(first, service, folder, oldConfig, db);
      Node[] nodes = {first, second};
      Callers callers = Callers.of(folder);
      try (Traffic traffic = new Traffic(live -> overrideRound(live, callers))) {
        rollingUpgrade(traffic, nodes, service, folder, newConfig, db);
        assertThat(traffic.failures()).isEmpty();
      } finally {
        close(nodes);
        close(new Node[] {first, second});
      }
      // every event the old and the new nodes appended is in one unbroken chain
      Node verifier = Node.stopped("verify", service, newJar(service), folder, newConfig, db);
      assertThat(last(verifier.command("audit", "verify"))).startsWith("audit chain intact");
    }
  }

  @Test
  void simServerUpgradesOneNodeAtATimeWhileRequestsFlow() throws Exception {
    try (PostgresTestDatabase db = PostgresTestDatabase.create()) {
      Path folder = JarProcess.newWorkDir("upgrade-sim-");
      String service = "sim-server";
      new JarProcess("dev-init", newJar("hitl-coordinator"), folder)
          .run(List.of(), List.of("dev-init", "--dir", "var"));
      Path oldConfig = previous.source().resolve("config/sim-server.yml");
      Path newConfig = ROOT.resolve("config/sim-server.yml");

      Node first = Node.start("old-1", service, previous.jar(service), folder, oldConfig, db);
      String organization =
          last(
              first.command(
                  "org",
                  "create",
                  "--name",
                  "Upgrade",
                  "--slug",
                  "upgrade",
                  "--tier",
                  "enterprise"));
      String key =
          last(
              first.command(
                  "apikey",
                  "create",
                  "--org",
                  "upgrade",
                  "--scopes",
                  "simulation:read,simulation:write"));
      assertThat(organization).isNotBlank();
      Node second = secondBeside(first, service, folder, oldConfig, db);
      Node[] nodes = {first, second};
      try (Traffic traffic = new Traffic(live -> simulationRound(live, key))) {
        rollingUpgrade(traffic, nodes, service, folder, newConfig, db);
        assertThat(traffic.failures()).isEmpty();
      } finally {
        close(nodes);
        close(new Node[] {first, second});
      }
    }
  }

  /**
   * Both old nodes serve, then each in turn leaves the rotation, is replaced by this build and
   * joins again; each phase must complete rounds of requests with the nodes it has.
   */
  private static void rollingUpgrade(
      Traffic traffic,
      Node[] nodes,
      String service,
      Path folder,
      Path config,
      PostgresTestDatabase db) {
    traffic.join(nodes[0]);
    traffic.join(nodes[1]);
    traffic.start();
    awaitRounds(traffic, "two old nodes");
    for (int i = nodes.length - 1; i >= 0; i--) {
      traffic.leave(nodes[i]);
      nodes[i].close();
      nodes[i] = Node.start("new-" + (i + 1), service, newJar(service), folder, config, db);
      traffic.join(nodes[i]);
      awaitRounds(traffic, i == 1 ? "an old node beside a new one" : "two new nodes");
    }
  }

  private static void awaitRounds(Traffic traffic, String phase) {
    int before = traffic.rounds();
    Await.until(
        "5 rounds of requests with " + phase + " (failures: " + traffic.failures() + ")",
        PHASE,
        () -> traffic.rounds() >= before + 5);
    assertThat(traffic.failures()).as(phase).isEmpty();
  }

  /**
   * The bearer tokens dev-init wrote: the evaluation runtime's (submit, redeem) and operator-1's
   * (read, approve). This build's configuration requires them; the previous release, which runs
   * without callers (open to its machine), lets them through unread.
   */
  private record Callers(Map<String, String> runtime, Map<String, String> operator) {
    static Callers of(Path folder) throws java.io.IOException {
      return new Callers(bearer(folder, "runtime"), bearer(folder, "operator-1"));
    }

    private static Map<String, String> bearer(Path folder, String name) throws java.io.IOException {
      String token =
          java.nio.file.Files.readString(folder.resolve("var/secrets/" + name + ".token")).strip();
      return Map.of("Authorization", "Bearer " + token);
    }
  }

  /** Submitted on one node, approved on the next, read and redeemed on others: all must work. */
  private static void overrideRound(List<String> nodes, Callers callers) throws Exception {
    int round = (int) (System.nanoTime() % 1_000);
    String actor = "actor-upgrade-" + UUID.randomUUID();
    String submitted =
        call(
            "POST",
            pick(nodes, round) + "/v1/override-requests",
            callers.runtime(),
            submission(actor),
            201);
    String id = JSON.readTree(submitted).get("coordinatorRequestId").asText();
    String token =
        call(
            "POST",
            pick(nodes, round + 1) + "/v1/override-requests/" + id + "/approve",
            callers.operator(),
            "{\"keyId\":\"ops-1\"}",
            200);
    JsonNode record =
        JSON.readTree(
            call(
                "GET",
                pick(nodes, round + 2) + "/v1/override-requests/" + id,
                callers.operator(),
                null,
                200));
    ObjectNode redeem =
        JSON.createObjectNode()
            .put("tokenId", JSON.readTree(token).get("tokenId").asText())
            .put("requestHash", record.get("requestHash").asText())
            .put("policyVersion", 1)
            .put("licenseId", record.get("licenseId").asText())
            .put("actorId", actor);
    String redeemed =
        call(
            "POST",
            pick(nodes, round + 3) + "/v1/override-tokens/redeem",
            callers.runtime(),
            redeem.toString(),
            200);
    assertThat(JSON.readTree(redeemed).get("status").asText()).isEqualTo("ACCEPTED");
  }

  /** Created on one node, stepped on the next, read on another. */
  private static void simulationRound(List<String> nodes, String key) throws Exception {
    int round = (int) (System.nanoTime() % 1_000);
    Map<String, String> caller = Map.of("X-Api-Key", key);
    String created =
        call(
            "POST",
            pick(nodes, round) + "/v1/simulations",
            caller,
            "{\"scenario\":" + SCENARIO + "}",
            201);
    String id = JSON.readTree(created).get("id").asText();
    call(
        "POST",
        pick(nodes, round + 1) + "/v1/simulations/" + id + "/step",
        caller,
        "{\"ticks\":3}",
        200);
    JsonNode read =
        JSON.readTree(
            call("GET", pick(nodes, round + 2) + "/v1/simulations/" + id, caller, null, 200));
    assertThat(read.get("id").asText()).isEqualTo(id);
  }

  private static final String SCENARIO =
      """
      {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"core": 1}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": 0.4},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}
      """;

  private static String submission(String actor) {
    ObjectNode body = JSON.createObjectNode();
    ObjectNode request =
        body.putObject("evaluationRequest")
            .put("envelopeVersion", 1)
            .put("requestId", "req-" + actor)
            .put("actorId", actor);
    request
        .putObject("snapshot")
        .put("timestamp", "2026-01-31T12:00:00Z")
        .putObject("metrics")
        .put("gamma", 0.21);
    ObjectNode response =
        body.putObject("evaluationResponse")
            .put("envelopeVersion", 1)
            .put("requestId", "req-" + actor)
            .put("decision", "REJECT_STATE")
            .put("reasonCode", "GAMMA_BELOW_FLOOR")
            .put("mode", "state_gate")
            .put("policyVersion", 1)
            .put("adapterVersion", 1);
    response
        .putObject("escalation")
        .put("escalationType", "HUMAN_ESCALATION")
        .put("gammaHeadroom", -0.14)
        .put("stepsToBreach", 0);
    body.put("licenseId", "lic-upgrade").put("source", "upgrade-test");
    return body.toString();
  }

  private static Path newJar(String service) {
    return ROOT.resolve(service).resolve("target").resolve(service + ".jar");
  }

  private static String last(String output) {
    String[] lines = output.strip().split("\n");
    return lines[lines.length - 1].strip();
  }

  private static void close(Node[] nodes) {
    for (Node node : nodes) {
      node.close();
    }
  }

  /** The second old node; the first is stopped when it fails to start (no process left behind). */
  private static Node secondBeside(
      Node first, String service, Path folder, Path config, PostgresTestDatabase db) {
    try {
      return Node.start("old-2", service, previous.jar(service), folder, config, db);
    } catch (RuntimeException | Error e) {
      first.close();
      throw e;
    }
  }
}
