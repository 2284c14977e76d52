package io.causality.hitl.coordinator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.db.AuditCheckpoints;
import io.causality.hitl.coordinator.db.AuditFixtures;
import io.causality.hitl.coordinator.db.TestDatabase;
import io.causality.hitl.protocol.wire.AuditCheckpoint;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code audit verify config.yml} through Dropwizard's command line, on an H2 file written by the
 * DAOs with a checkpoint every second event: exit 0 with the count, the head to export and the
 * checkpoints while the chain is intact, exit 1 naming the event once a row is changed with SQL,
 * the chain's end is cut off, or an exported head is not in it.
 */
class AuditCommandIntegrationTest {
  @TempDir Path dir;

  private Path config;
  private List<String> requests;

  private record Result(Optional<Throwable> failure, String out, String err) {}

  @BeforeEach
  void threeEvents() throws Exception {
    try (TestDatabase db = TestDatabase.migrated(dir)) {
      // checkpoints as the coordinator signs them, every second event
      db.jdbi()
          .getConfig(AuditCheckpoints.class)
          .set(
              (sequence, hash, at) ->
                  AuditCheckpoint.sign(
                      sequence,
                      hash,
                      at,
                      TestKeyPairs.COORDINATOR_KEY_ID,
                      TestKeyPairs.COORDINATOR.getPrivate()),
              2);
      requests = AuditFixtures.submittedRequests(db.jdbi(), 3);
    }
    TestDeployment deployment = TestDeployment.plain();
    config = dir.resolve("config.yml");
    Files.writeString(
        config,
        """
        database:
          driverClass: org.h2.Driver
          url: "jdbc:h2:file:%s;WRITE_DELAY=0"
          user: sa
          password: ""
        policy:
          path: %s
          trustedKeyPemPath: %s
        audit:
          checkpointEveryEvents: 2
        logging:
          level: WARN
        """
            .formatted(
                dir.resolve("db").toAbsolutePath(),
                deployment.policyFile(),
                deployment.trustedKey()));
  }

  @Test
  void anIntactChainCountsItsEventsAndPrintsTheHeadToExport() {
    Result result = run("audit", "verify", config.toString());

    assertThat(result.failure()).as(result.err()).isEmpty();
    assertThat(result.out())
        .matches(
            "audit chain intact: 3 events checked, head 3:[0-9a-f]{64}; 1 signed checkpoints"
                + " verified, the last at sequence 2");
  }

  @Test
  void anExportedHeadIsCheckedAgainstTheChain() throws Exception {
    String head =
        run("audit", "verify", config.toString()).out().replaceAll(".*head (\\S+);.*", "$1");

    Result same = run("audit", "verify", "--expect-head", head, config.toString());
    Result other =
        run("audit", "verify", "--expect-head", "2:" + "e".repeat(64), config.toString());
    Result malformed = run("audit", "verify", "--expect-head", "two", config.toString());

    assertThat(same.failure()).as(same.err()).isEmpty();
    assertThat(HitlCommand.exitStatus(other.failure().orElseThrow())).isEqualTo(1);
    assertThat(other.err()).contains("the expected head's for its sequence");
    assertThat(HitlCommand.exitStatus(malformed.failure().orElseThrow())).isEqualTo(2);
    assertThat(malformed.err()).contains("--expect-head must be SEQ:HASH");
  }

  @Test
  void theLastEventRemovedAndTheHeadMovedBackIsFound() throws Exception {
    try (TestDatabase db = TestDatabase.migrated(dir)) {
      db.jdbi()
          .useHandle(
              h -> {
                String before =
                    h.createQuery("SELECT event_hash FROM audit_events WHERE chain_seq = 1")
                        .mapTo(String.class)
                        .one();
                h.execute("DELETE FROM audit_events WHERE chain_seq > 1");
                h.execute("UPDATE audit_chain_head SET last_seq = 1, last_hash = ?", before);
              });
    }

    Result result = run("audit", "verify", config.toString());

    assertThat(result.failure()).isPresent();
    assertThat(result.err()).contains("covers sequence 2, but the chain ends at 1");
  }

  @Test
  void aRowChangedWithSqlFailsWithExitStatus1AndNamesTheEvent() throws Exception {
    try (TestDatabase db = TestDatabase.migrated(dir)) {
      db.jdbi()
          .useHandle(
              h -> h.execute("UPDATE audit_events SET actor_id = 'mallory' WHERE chain_seq = 2"));
    }

    Result result = run("audit", "verify", config.toString());

    assertThat(result.failure()).isPresent();
    assertThat(HitlCommand.exitStatus(result.failure().get())).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: audit chain broken after 1 events: event ")
        .contains("(sequence 2, SUBMITTED of request " + requests.get(1) + ")")
        .endsWith("its content does not hash to its stored hash");
  }

  private Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CoordinatorApplication application = new CoordinatorApplication();
    Bootstrap<CoordinatorConfiguration> bootstrap = new Bootstrap<>(application);
    application.initialize(bootstrap);
    Cli cli = new Cli(new JarLocation(getClass()), bootstrap, out, err);
    PrintStream systemOut = System.out;
    Optional<Throwable> failure;
    try {
      // The command answers on System.out, as scripts capture it.
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
