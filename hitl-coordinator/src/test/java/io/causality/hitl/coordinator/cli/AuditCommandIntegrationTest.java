package io.causality.hitl.coordinator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.db.AuditFixtures;
import io.causality.hitl.coordinator.db.TestDatabase;
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
 * DAOs: exit 0 with the count and head hash while the chain is intact, exit 1 naming the event once
 * a row is changed with SQL.
 */
class AuditCommandIntegrationTest {
  @TempDir Path dir;

  private Path config;
  private List<String> requests;

  private record Result(Optional<Throwable> failure, String out, String err) {}

  @BeforeEach
  void threeEvents() throws Exception {
    try (TestDatabase db = TestDatabase.migrated(dir)) {
      requests = AuditFixtures.submittedRequests(db.jdbi(), 3);
    }
    config = dir.resolve("config.yml");
    Files.writeString(
        config,
        """
        database:
          driverClass: org.h2.Driver
          url: "jdbc:h2:file:%s;WRITE_DELAY=0"
          user: sa
          password: ""
        logging:
          level: WARN
        """
            .formatted(dir.resolve("db").toAbsolutePath()));
  }

  @Test
  void anIntactChainCountsItsEvents() {
    Result result = run("audit", "verify", config.toString());

    assertThat(result.failure()).isEmpty();
    assertThat(result.out()).matches("audit chain intact: 3 events checked, head [0-9a-f]{64}");
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
