package io.causality.sim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.SimApplication;
import io.causality.sim.core.organization.ApiKeySecrets;
import io.dropwizard.core.cli.Cli;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.util.JarLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The admin commands of DESIGN.md against a real embedded database (a PostgreSQL schema with {@code
 * -Dcausality.test.database=postgresql}).
 */
class AdminCommandsIntegrationTest {
  @TempDir Path directory;
  private Path config;
  private String url;
  private String user = "sa";
  private String password = "";
  private PostgresTestDatabase schema;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void writeConfig() throws Exception {
    String driver = "org.h2.Driver";
    url = "jdbc:h2:file:" + database() + ";WRITE_DELAY=0;AUTO_SERVER=TRUE";
    if (PostgresTestDatabase.forAllTests()) {
      // the commands as an operator runs them against the PostgreSQL database of a cluster
      schema = PostgresTestDatabase.create();
      driver = "org.postgresql.Driver";
      url = schema.url();
      user = schema.user();
      password = schema.password();
    }
    config = directory.resolve("sim.yml");
    Files.writeString(
        config,
        "logging:\n  level: WARN\ndatabase:\n  driverClass: "
            + driver
            + "\n  url: \""
            + url
            + "\"\n  user: \""
            + user
            + "\"\n  password: \""
            + password
            + "\"\n");
  }

  @AfterEach
  void dropSchema() {
    if (schema != null) {
      schema.close();
    }
  }

  private Result run(String... args) {
    out.reset();
    err.reset();
    SimApplication application = new SimApplication();
    Bootstrap<?> bootstrap = new Bootstrap<>(application);
    application.initialize((Bootstrap) bootstrap);
    Cli cli =
        new Cli(
            new JarLocation(getClass()),
            bootstrap,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    PrintStream systemOut = System.out;
    PrintStream systemErr = System.err;
    // The commands answer on System.out, as scripts capture it.
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    Optional<Throwable> failure;
    try {
      failure = cli.run(args);
    } finally {
      System.setOut(systemOut);
      System.setErr(systemErr);
    }
    return new Result(
        failure.isEmpty(),
        out.toString(StandardCharsets.UTF_8).strip(),
        err.toString(StandardCharsets.UTF_8).strip());
  }

  private Path database() {
    return directory.resolve("db");
  }

  private record Result(boolean ok, String out, String err) {}

  private long count(String sql) throws Exception {
    // On H2 the commands generated the embedded database's password beside it.
    String secret = schema != null ? password : EmbeddedDatabaseSecrets.passwordOf(database());
    try (Connection c = DriverManager.getConnection(url, user, secret);
        ResultSet rows = c.createStatement().executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  @Test
  void orgCreatePrintsTheIdAndCreatesALicense() throws Exception {
    Result result =
        run(
            "org",
            "create",
            "--name",
            "Acme Labs",
            "--slug",
            "acme",
            "--tier",
            "enterprise",
            config.toString());
    assertThat(result.ok()).isTrue();
    assertThat(result.out()).matches("[0-9a-f-]{36}");
    assertThat(
            count(
                "SELECT COUNT(*) FROM licenses WHERE tier = 'enterprise' AND "
                    + "organization_id = '"
                    + result.out()
                    + "'"))
        .isEqualTo(1);
  }

  @Test
  void orgCreateRefusesADuplicateSlugAndABadTier() throws Exception {
    run("org", "create", "--name", "A", "--slug", "acme", config.toString());
    Result duplicate = run("org", "create", "--name", "B", "--slug", "acme", config.toString());
    assertThat(duplicate.ok()).isFalse();
    assertThat(duplicate.err()).contains("--slug acme is taken");
    Result badTier =
        run("org", "create", "--name", "C", "--slug", "c", "--tier", "gold", config.toString());
    assertThat(badTier.ok()).isFalse();
    assertThat(badTier.err()).contains("--tier must be one of");
    Result badSlug = run("org", "create", "--name", "D", "--slug", "Not A Slug", config.toString());
    assertThat(badSlug.err()).contains("--slug must be");
    assertThat(count("SELECT COUNT(*) FROM organizations")).isEqualTo(1);
  }

  @Test
  void apikeyCreatePrintsTheKeyOnceAndStoresOnlyItsHash() throws Exception {
    run("org", "create", "--name", "A", "--slug", "acme", config.toString());
    Result result =
        run(
            "apikey",
            "create",
            "--org",
            "acme",
            "--scopes",
            "simulation:read,simulation:write",
            config.toString());
    assertThat(result.ok()).isTrue();
    String key = result.out();
    assertThat(ApiKeySecrets.looksLikeKey(key)).isTrue();
    assertThat(
            count(
                "SELECT COUNT(*) FROM api_keys WHERE key_hash = '"
                    + ApiKeySecrets.hash(key)
                    + "' AND scopes = 'simulation:read,simulation:write'"))
        .isEqualTo(1);
    assertThat(
            count(
                "SELECT COUNT(*) FROM api_keys WHERE key_hash LIKE '%"
                    + key
                    + "%'"
                    + " OR key_prefix = '"
                    + key
                    + "'"))
        .isZero();
  }

  @Test
  void apikeyCreateRefusesUnknownScopesAndOrganizations() throws Exception {
    run("org", "create", "--name", "A", "--slug", "acme", config.toString());
    Result scopes =
        run(
            "apikey",
            "create",
            "--org",
            "acme",
            "--scopes",
            "simulation:read,root",
            config.toString());
    assertThat(scopes.ok()).isFalse();
    assertThat(scopes.err()).contains("unknown: [root]");
    Result org =
        run("apikey", "create", "--org", "nope", "--scopes", "org:read", config.toString());
    assertThat(org.err()).contains("--org nope: no such organization");
    assertThat(count("SELECT COUNT(*) FROM api_keys")).isZero();
  }

  @Test
  void apikeyRevokeStopsTheKeyAndRefusesUnknownIds() throws Exception {
    run("org", "create", "--name", "A", "--slug", "acme", config.toString());
    run("apikey", "create", "--org", "acme", "--scopes", "org:read", config.toString());
    String id =
        err.toString(StandardCharsets.UTF_8).replaceAll("(?s).*API key (\\S+) .*", "$1").strip();
    Result revoked = run("apikey", "revoke", "--id", id, config.toString());
    assertThat(revoked.ok()).as(revoked.err()).isTrue();
    assertThat(count("SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NOT NULL")).isEqualTo(1);
    Result again = run("apikey", "revoke", "--id", id, config.toString());
    assertThat(again.ok()).isFalse();
    assertThat(again.err()).contains("no active API key");
    Result malformed = run("apikey", "revoke", "--id", "nope", config.toString());
    assertThat(malformed.err()).contains("--id must be the key id");
  }

  @Test
  void userAddCreatesAndUpdatesAMembership() throws Exception {
    run("org", "create", "--name", "A", "--slug", "acme", config.toString());
    assertThat(
            run(
                    "user",
                    "add",
                    "--org",
                    "acme",
                    "--user",
                    "alice",
                    "--role",
                    "member",
                    config.toString())
                .ok())
        .isTrue();
    assertThat(
            run(
                    "user",
                    "add",
                    "--org",
                    "acme",
                    "--user",
                    "alice",
                    "--role",
                    "owner",
                    config.toString())
                .ok())
        .isTrue();
    assertThat(
            count(
                "SELECT COUNT(*) FROM memberships WHERE user_id = 'alice' AND " + "role = 'owner'"))
        .isEqualTo(1);
    Result missing =
        run("user", "add", "--org", "nope", "--user", "bob", "--role", "owner", config.toString());
    assertThat(missing.ok()).isFalse();
  }
}
