package io.causality.sim.testing;

import com.codahale.metrics.MetricRegistry;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.db.StartupMigrations;
import io.causality.common.openapi.ContractDocument;
import io.causality.common.testing.ContractCheck;
import io.causality.common.testing.PostgresTestDatabase;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.dropwizard.core.Application;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/** A running sim-server on a fresh database, with helpers to make callers and requests. */
public final class SimTestFixture {
  public static final String JWT_SECRET = "test-secret-that-is-at-least-32-bytes-long!";
  public static final String JWT_ISSUER = "https://issuer.test";
  public static final String JWT_AUDIENCE = "sim-server-tests";
  private static final Map<Path, PostgresTestDatabase> SCHEMAS = new ConcurrentHashMap<>();

  static {
    // a restarted server must find its schema again, so they live as long as the test JVM
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> SCHEMAS.values().forEach(PostgresTestDatabase::close), "drop-test-schemas"));
  }

  private SimTestFixture() {}

  public static DropwizardAppExtension<io.causality.sim.SimConfiguration> app(
      ConfigOverride... extra) {
    return app(io.causality.sim.SimApplication.class, "configs/minimal.yml", extra);
  }

  /** An application class (a test subclass of SimApplication) on a config of src/test. */
  public static DropwizardAppExtension<SimConfiguration> app(
      Class<? extends Application<SimConfiguration>> application,
      String config,
      ConfigOverride... extra) {
    return app(application, config, tempDirectory().resolve("sim"), extra);
  }

  /** As {@link #app(Class, String, ConfigOverride...)} on a given database file. */
  public static DropwizardAppExtension<SimConfiguration> app(
      Class<? extends Application<SimConfiguration>> application,
      String config,
      Path database,
      ConfigOverride... extra) {
    List<ConfigOverride> overrides = new ArrayList<>(databaseOverrides(database));
    jwtSettings().forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
    overrides.add(ConfigOverride.config("admin.tokenFile", adminTokenFile(database).toString()));
    overrides.addAll(List.of(extra));
    return new DropwizardAppExtension<>(
        application,
        ResourceHelpers.resourceFilePath(config),
        overrides.toArray(ConfigOverride[]::new));
  }

  /** Where a test application on {@code database} keeps its generated admin token. */
  public static Path adminTokenFile(Path database) {
    return database.resolveSibling(database.getFileName() + ".admin-token");
  }

  /**
   * The embedded H2 file at {@code database}; with {@code -Dcausality.test.database=postgresql} a
   * PostgreSQL schema of its own instead (one per path, so a restart finds its data). A test that
   * starts a server of its own uses these too: the overrides are system properties, so a running
   * fixture's PostgreSQL driver would otherwise apply to an H2 URL.
   */
  public static List<ConfigOverride> databaseOverrides(Path database) {
    if (!PostgresTestDatabase.forAllTests()) {
      return List.of(ConfigOverride.config("database.url", "jdbc:h2:file:" + database));
    }
    return postgres(schema(database));
  }

  /** A Jdbi on the database {@link #databaseOverrides} names, also while no server runs. */
  public static Jdbi jdbi(Path database) {
    if (!PostgresTestDatabase.forAllTests()) {
      return jdbi("jdbc:h2:file:" + database, "sa", EmbeddedDatabaseSecrets.passwordOf(database));
    }
    PostgresTestDatabase schema = schema(database);
    return jdbi(schema.url(), schema.user(), schema.password());
  }

  private static PostgresTestDatabase schema(Path database) {
    return SCHEMAS.computeIfAbsent(database, path -> PostgresTestDatabase.create());
  }

  /** Overrides that put the service on a PostgreSQL schema. */
  public static List<ConfigOverride> postgres(PostgresTestDatabase schema) {
    return schema.databaseSettings().entrySet().stream()
        .map(e -> ConfigOverride.config(e.getKey(), e.getValue()))
        .toList();
  }

  public static OrganizationAdmin admin(DropwizardAppExtension<SimConfiguration> app) {
    return new OrganizationAdmin(jdbi(app), Clock.systemUTC(), new SecureRandom());
  }

  /**
   * A Jdbi of its own on the application's database, as the admin commands open it. Without a pool:
   * a connection per handle, closed after it, so that tests calling this often do not hold a pool's
   * idle connections each (PostgreSQL allows 100 in all by default).
   */
  public static Jdbi jdbi(DropwizardAppExtension<SimConfiguration> app) {
    return jdbi(app.getConfiguration().buildDataSourceFactory());
  }

  public static Jdbi jdbi(DataSourceFactory database) {
    return jdbi(database.getUrl(), database.getUser(), database.getPassword());
  }

  private static Jdbi jdbi(String url, String user, String password) {
    return Jdbi.create(url, user, password).installPlugin(new SqlObjectPlugin());
  }

  /** A new organization with a unique slug. */
  public static OrganizationRow organization(OrganizationAdmin admin, String tier) {
    String slug = "org-" + Long.toHexString(new SecureRandom().nextLong() & Long.MAX_VALUE);
    return admin.createOrganization("Org " + slug, slug, tier);
  }

  /** The settings under which {@link #jwt} tokens are accepted: secret, issuer, audience. */
  public static Map<String, String> jwtSettings() {
    return Map.of(
        "auth.jwtSecret", JWT_SECRET, "auth.issuer", JWT_ISSUER, "auth.audience", JWT_AUDIENCE);
  }

  public static String jwt(String subject, Instant expiry) {
    return jwt(subject, expiry, JWT_SECRET);
  }

  public static String jwt(String subject, Instant expiry, String secret) {
    try {
      SignedJWT jwt =
          new SignedJWT(
              new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build(),
              new JWTClaimsSet.Builder()
                  .subject(subject)
                  .issuer(JWT_ISSUER)
                  .audience(JWT_AUDIENCE)
                  .expirationTime(Date.from(expiry))
                  .issueTime(new Date())
                  .build());
      jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
      return jwt.serialize();
    } catch (com.nimbusds.jose.JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Requests to the running application. */
  public static final class Client {
    // HTTP/1.1 as curl and browsers speak it here; the default would try an h2c upgrade.
    private final HttpClient http =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final DropwizardAppExtension<SimConfiguration> app;

    public Client(DropwizardAppExtension<SimConfiguration> app) {
      this.app = app;
    }

    public HttpRequest.Builder request(String path) {
      return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.getLocalPort() + path));
    }

    /**
     * Sends the request, and checks the answer against the service's OpenAPI document ({@link
     * ContractCheck}): every integration test that talks through this client also tests that the
     * document describes what the service answers.
     */
    public HttpResponse<String> send(HttpRequest.Builder request) {
      HttpRequest built = request.build();
      HttpResponse<String> response = sendUnchecked(built);
      ContractCheck.of(base(), this::document).check(built.method(), response);
      return response;
    }

    /** The served document, read in this JVM: fetching it would count against a rate limit. */
    private String document() {
      Object document =
          app.getEnvironment()
              .getApplicationContext()
              .getAttribute(ContractDocument.class.getName());
      return ((ContractDocument) document).json();
    }

    private String base() {
      return "http://127.0.0.1:" + app.getLocalPort();
    }

    /** Sends the request without checking the answer against the document. */
    public HttpResponse<String> sendUnchecked(HttpRequest built) {
      try {
        return http.send(built, HttpResponse.BodyHandlers.ofString());
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    public HttpResponse<String> getWithKey(String path, String key) {
      return send(request(path).header("X-Api-Key", key));
    }

    public HttpResponse<String> getWithToken(String path, String token) {
      return send(request(path).header("Authorization", "Bearer " + token));
    }
  }

  /**
   * A new H2 file database {@code name} in a fresh folder, migrated by the service's changelog, for
   * tests of the {@code db} classes without a server; the caller stops it.
   */
  public static ManagedDataSource migratedDatabase(String name) {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl("jdbc:h2:file:" + tempDirectory().resolve(name));
    factory.setUser("sa");
    factory.setPassword("");
    ManagedDataSource dataSource = factory.build(new MetricRegistry(), name + "-test");
    StartupMigrations.apply(dataSource);
    return dataSource;
  }

  /** A fresh folder under target/ (as the coordinator's tests and JarProcess make theirs). */
  public static Path tempDirectory() {
    try {
      return Files.createTempDirectory(Path.of("target").toAbsolutePath(), "sim-test");
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
