package io.causality.common.testing;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * A fresh schema on the PostgreSQL server named by {@code CAUSALITY_TEST_POSTGRES_URL}, {@code
 * _USER} and {@code _PASSWORD} (.ci/postgres prints them; the README says how to run these tests
 * locally). Each test class takes one and drops it afterwards, so no test sees another's rows.
 * Without a server configured, {@link #create} skips the test.
 *
 * <p>With {@code -Dcausality.test.database=postgresql} the services' usual fixtures run every test
 * on PostgreSQL too ({@link #forAllTests}): a check of each query, not run in CI.
 */
public final class PostgresTestDatabase implements AutoCloseable {
  public static final String URL_VARIABLE = "CAUSALITY_TEST_POSTGRES_URL";
  private static final SecureRandom RANDOM = new SecureRandom();

  private final String schema;
  private final String url;

  private PostgresTestDatabase(String schema) {
    this.schema = schema;
    String base = setting(URL_VARIABLE);
    this.url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
  }

  /** Whether a server is configured for the tests. */
  public static boolean configured() {
    String url = setting(URL_VARIABLE);
    return url != null && !url.isBlank();
  }

  /** Whether every test should use PostgreSQL instead of an embedded H2 file. */
  public static boolean forAllTests() {
    return "postgresql".equals(System.getProperty("causality.test.database")) && configured();
  }

  /** A new, empty schema; skips the calling test when no server is configured. */
  public static PostgresTestDatabase create() {
    Assumptions.assumeTrue(
        configured(),
        "PostgreSQL tests skipped: no server configured. Set "
            + URL_VARIABLE
            + ", CAUSALITY_TEST_POSTGRES_USER and CAUSALITY_TEST_POSTGRES_PASSWORD "
            + "(eval \"$(.ci/postgres)\" does), see the README");
    String schema = "test_" + HexFormat.of().toHexDigits(RANDOM.nextLong());
    PostgresTestDatabase database = new PostgresTestDatabase(schema);
    database.execute("CREATE SCHEMA " + schema);
    return database;
  }

  public String url() {
    return url;
  }

  public String user() {
    return setting("CAUSALITY_TEST_POSTGRES_USER");
  }

  public String password() {
    String password = setting("CAUSALITY_TEST_POSTGRES_PASSWORD");
    return password != null ? password : "";
  }

  /**
   * The Dropwizard configuration keys and values that put either service on this schema instead of
   * its embedded H2 file, as config overrides or {@code -Ddw.} properties take them.
   */
  public Map<String, String> databaseSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("database.driverClass", "org.postgresql.Driver");
    settings.put("database.url", url);
    settings.put("database.user", user());
    settings.put("database.password", password());
    return settings;
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url, user(), password());
  }

  /** Drops the schema and everything in it. */
  @Override
  public void close() {
    execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
  }

  private void execute(String sql) {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException("PostgreSQL test database: " + e.getMessage(), e);
    }
  }

  /** A system property (-D, as Maven passes them) or else the environment variable. */
  private static String setting(String name) {
    String property = System.getProperty(name);
    return property != null ? property : System.getenv(name);
  }
}
