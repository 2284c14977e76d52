package io.causality.sim.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.PostgresTestDatabase;
import io.causality.common.testing.TestInstances;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;

/**
 * Two sim-server instances on one fresh PostgreSQL schema, as the cluster tests run them, with what
 * those tests ask of both: callers of a tier, requests to either instance, calls released at the
 * same moment, and SQL on the shared schema. Starting skips the calling test without a PostgreSQL
 * server; closing stops both instances and drops the schema.
 */
final class InstancesOnOneDatabase implements AutoCloseable {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /** An organization's id and an API key of it with {@code simulation:read,write}. */
  record Caller(UUID organization, String key) {}

  private final PostgresTestDatabase database;
  private final List<DropwizardTestSupport<SimConfiguration>> instances = new ArrayList<>();
  private final OrganizationAdmin admin;
  private final ExecutorService clients;

  private InstancesOnOneDatabase(PostgresTestDatabase database, int clientThreads) {
    this.database = database;
    this.admin =
        new OrganizationAdmin(
            Jdbi.create(database.url(), database.user(), database.password())
                .installPlugin(new SqlObjectPlugin()),
            Clock.systemUTC(),
            new SecureRandom());
    this.clients = Executors.newFixedThreadPool(clientThreads);
  }

  /**
   * Two instances of {@code configs/minimal.yml} with JWT on, {@code settings} over both.
   *
   * @param clientThreads the most calls {@link #allAtOnce} releases together
   */
  static InstancesOnOneDatabase start(Map<String, String> settings, int clientThreads)
      throws Exception {
    InstancesOnOneDatabase cluster =
        new InstancesOnOneDatabase(PostgresTestDatabase.create(), clientThreads);
    try {
      for (int i = 0; i < 2; i++) {
        DropwizardTestSupport<SimConfiguration> instance = cluster.instance(settings);
        cluster.instances.add(instance);
        instance.before();
      }
      return cluster;
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
  }

  @Override
  public void close() {
    clients.shutdownNow();
    TestInstances.stopInReverse(instances);
    database.close();
  }

  /** A new organization of {@code tier} and a read-write key of it. */
  Caller caller(String tier) {
    OrganizationRow organization = SimTestFixture.organization(admin, tier);
    String key = admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
    return new Caller(organization.id(), key);
  }

  int port(int instance) {
    return instances.get(instance).getLocalPort();
  }

  /** A request to instance 0 or 1 with {@code key}; a JSON body when not null. */
  HttpResponse<String> send(int instance, String method, String path, String key, String body)
      throws Exception {
    return send(instance, method, path, key, body, Map.of());
  }

  HttpResponse<String> send(
      int instance,
      String method,
      String path,
      String key,
      String body,
      Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(instance) + path))
            .header("X-Api-Key", key)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    headers.forEach(request::header);
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** {@code n} calls released at the same moment; the answers in call order. */
  <T> List<T> allAtOnce(int n, IntFunction<Callable<T>> call) throws Exception {
    CountDownLatch ready = new CountDownLatch(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<T>> futures = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Callable<T> one = call.apply(i);
      futures.add(
          clients.submit(
              () -> {
                ready.countDown();
                go.await();
                return one.call();
              }));
    }
    assertThat(ready.await(30, TimeUnit.SECONDS)).isTrue();
    go.countDown();
    List<T> answers = new ArrayList<>();
    for (Future<T> future : futures) {
      answers.add(future.get(60, TimeUnit.SECONDS));
    }
    return answers;
  }

  /** The number the query's one row holds. */
  long count(String sql, Object... parameters) throws Exception {
    try (Connection connection = database.connect();
        PreparedStatement statement = prepare(connection, sql, parameters);
        ResultSet result = statement.executeQuery()) {
      assertThat(result.next()).isTrue();
      return result.getLong(1);
    }
  }

  void execute(String sql, Object... parameters) throws Exception {
    try (Connection connection = database.connect();
        PreparedStatement statement = prepare(connection, sql, parameters)) {
      statement.executeUpdate();
    }
  }

  private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
      throws Exception {
    PreparedStatement statement = connection.prepareStatement(sql);
    for (int i = 0; i < parameters.length; i++) {
      statement.setObject(i + 1, parameters[i]);
    }
    return statement;
  }

  private DropwizardTestSupport<SimConfiguration> instance(Map<String, String> settings) {
    List<ConfigOverride> overrides = new ArrayList<>(SimTestFixture.postgres(database));
    SimTestFixture.jwtSettings()
        .forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
    settings.forEach((key, value) -> overrides.add(ConfigOverride.config(key, value)));
    return new DropwizardTestSupport<>(
        SimApplication.class,
        ResourceHelpers.resourceFilePath("configs/minimal.yml"),
        overrides.toArray(ConfigOverride[]::new));
  }
}
