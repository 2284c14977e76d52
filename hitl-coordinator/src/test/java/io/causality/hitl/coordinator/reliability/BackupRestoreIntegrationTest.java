package io.causality.hitl.coordinator.reliability;

import static io.causality.hitl.coordinator.OverrideBodies.approve;
import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.Await;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code db backup} while the coordinator serves writes, and {@code db restore} into another folder
 * (docs/operations.md, "Backup and restore"): a coordinator started on the copy has every request
 * whose submission and decision were acknowledged before the backup began, and {@code audit verify}
 * passes on it.
 */
class BackupRestoreIntegrationTest {
  private static final String REQUESTS = "/v1/override-requests";

  @TempDir Path dir;

  private final TestDeployment deployment = TestDeployment.plain();

  /** Request id to the status its last acknowledged write left it in. */
  private final Map<String, String> acknowledged = new ConcurrentHashMap<>();

  private final List<String> order = new CopyOnWriteArrayList<>();

  @Test
  void aBackupTakenDuringWritesRestoresEveryAcknowledgedWrite() throws Exception {
    Path live = config("live");
    Path backup = dir.resolve("backups").resolve("hitl.zip");
    Files.createDirectories(backup.getParent());
    DropwizardTestSupport<CoordinatorConfiguration> service = start(live);
    AtomicBoolean writing = new AtomicBoolean(true);
    Thread writer = new Thread(() -> write(service.getLocalPort(), writing), "writer");
    Map<String, String> before;
    try {
      writer.start();
      Await.until("30 writes", Duration.ofSeconds(60), () -> order.size() >= 30);
      before = Map.copyOf(acknowledged);

      Result result = cli("db", "backup", backup.toString(), live.toString());

      assertThat(result.failure()).as(result.err()).isEmpty();
      // The running service's request log goes to System.out too, which cli() captures: its lines
      // may come after the command's own.
      assertThat(result.out().lines()).anyMatch(line -> line.startsWith("backed up "));
      int atBackup = order.size();
      Await.until(
          "writes after the backup", Duration.ofSeconds(60), () -> order.size() > atBackup + 10);
    } finally {
      writing.set(false);
      writer.join();
      service.after();
    }
    assertThat(Files.getPosixFilePermissions(backup)).hasSize(2); // rw------- : the password is in

    Path copy = config("restored");
    Result restored = cli("db", "restore", backup.toString(), copy.toString());
    assertThat(restored.failure()).as(restored.err()).isEmpty();
    Result verified = cli("audit", "verify", copy.toString());
    assertThat(verified.failure()).as(verified.err()).isEmpty();
    assertThat(lastLine(verified.out())).startsWith("audit chain intact");

    DropwizardTestSupport<CoordinatorConfiguration> fromCopy = start(copy);
    try {
      CoordinatorHttp http = CoordinatorHttp.callers(fromCopy.getLocalPort());
      before.forEach(
          (id, status) -> {
            CoordinatorHttp.Answer answer = http.get(REQUESTS + "/" + id);
            assertThat(answer.status()).as(id).isEqualTo(200);
            // a later write may have moved it on, never back
            if (status.equals("APPROVED")) {
              assertThat(answer.body().get("status").asText()).as(id).isEqualTo("APPROVED");
            }
          });
    } finally {
      fromCopy.after();
    }
  }

  @Test
  void aRestoreIsRefusedWhileTheServiceRunsAndOverAnExistingDatabase() throws Exception {
    Path live = config("refusals");
    DropwizardTestSupport<CoordinatorConfiguration> service = start(live);
    Path backup = dir.resolve("refusals.zip");
    try {
      assertThat(cli("db", "backup", backup.toString(), live.toString()).failure()).isEmpty();
      Result inUse = cli("db", "restore", "--replace", backup.toString(), live.toString());
      assertThat(inUse.failure()).isPresent();
      assertThat(inUse.err()).contains("is in use: stop the service");
    } finally {
      service.after();
    }
    Result existing = cli("db", "restore", backup.toString(), live.toString());
    assertThat(existing.failure()).isPresent();
    assertThat(existing.err()).contains("a database exists at").contains("--replace");
    assertThat(cli("db", "restore", "--replace", backup.toString(), live.toString()).failure())
        .isEmpty();
  }

  private void write(int port, AtomicBoolean writing) {
    CoordinatorHttp http = CoordinatorHttp.callers(port);
    for (int i = 0; writing.get(); i++) {
      CoordinatorHttp.Answer submitted = http.post(REQUESTS, submission("actor-backup-" + i));
      if (submitted.status() != 201) {
        continue;
      }
      String id = submitted.body().get("coordinatorRequestId").asText();
      acknowledged.put(id, "PENDING");
      order.add(id);
      if (i % 2 == 0
          && http.post(REQUESTS + "/" + id + "/approve", approve(TestDeployment.KEY_ID)).status()
              == 200) {
        acknowledged.put(id, "APPROVED");
      }
    }
  }

  private DropwizardTestSupport<CoordinatorConfiguration> start(Path config) throws Exception {
    DropwizardTestSupport<CoordinatorConfiguration> support =
        new DropwizardTestSupport<>(CoordinatorApplication.class, config.toString());
    support.before();
    return support;
  }

  /** A coordinator configuration on a database of its own under {@code dir/name}. */
  private Path config(String name) throws Exception {
    Path file = dir.resolve(name + ".yml");
    Files.writeString(
        file,
        """
        bind: 127.0.0.1:0
        dbPath: %s
        pendingRequestTtlMs: 3600000
        defaultTokenTtlMs: 300000
        policy:
          path: %s
          trustedKeyPemPath: %s
        authorities:
          - keyId: ops-1
            operatorId: operator-1
            privateKeyPemPath: %s
        coordinatorKey:
          privateKeyPemPath: %s
        callers:
          - id: runtime
            token: %s
            roles: [submitter, redeemer]
          - id: alice
            token: %s
            roles: [operator]
            operatorId: operator-1
        rateLimits:
          enabled: false
        admin:
          tokenFile: %s
        server:
          adminConnectors:
            - type: http
              bindHost: 127.0.0.1
              port: 0
        logging:
          level: WARN
        """
            .formatted(
                dir.resolve(name).resolve("hitl"),
                deployment.policyFile(),
                deployment.trustedKey(),
                deployment.authorityKey(),
                deployment.coordinatorKey(),
                CoordinatorHttp.RUNTIME_TOKEN,
                CoordinatorHttp.OPERATOR_TOKEN,
                dir.resolve(name + ".admin-token")));
    return file;
  }

  private static String lastLine(String out) {
    return out.substring(out.lastIndexOf('\n') + 1);
  }

  private record Result(Optional<Throwable> failure, String out, String err) {}

  private Result cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CoordinatorApplication application = new CoordinatorApplication();
    Bootstrap<CoordinatorConfiguration> bootstrap = new Bootstrap<>(application);
    application.initialize(bootstrap);
    Cli cli = new Cli(new JarLocation(getClass()), bootstrap, out, err);
    PrintStream systemOut = System.out;
    Optional<Throwable> failure;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      failure = cli.run(args);
    } finally {
      System.setOut(systemOut);
    }
    return new Result(
        failure,
        out.toString(StandardCharsets.UTF_8).strip(),
        err.toString(StandardCharsets.UTF_8).strip());
  }
}
