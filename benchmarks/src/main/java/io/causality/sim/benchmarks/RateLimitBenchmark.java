package io.causality.sim.benchmarks;

import com.codahale.metrics.MetricRegistry;
import io.causality.sim.auth.RequestIdentity;
import io.causality.sim.ratelimit.RateLimitDecision;
import io.causality.sim.ratelimit.RateLimiter;
import io.causality.sim.ratelimit.RouteClass;
import io.causality.sim.ratelimit.SharedBudgets;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The per-request cost of a rate limit counted across instances (Bucket4j's PostgreSQL buckets,
 * {@link SharedBudgets}) against the in-memory sliding window of one instance ({@link
 * RateLimiter}): one operation is one request charged to its identity's budget, never refused (the
 * limit is far above what a run takes). Each JMH thread is one identity; run with {@code -t 1} and
 * {@code -t 16}. The PostgreSQL server is the tests' ({@code CAUSALITY_TEST_POSTGRES_URL}, {@code
 * _USER}, {@code _PASSWORD}); the benchmark makes its own schema and drops it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class RateLimitBenchmark {
  private static final int LIMIT = 1_000_000_000;
  private static final Duration WINDOW = Duration.ofSeconds(60);

  private final String schema =
      "bench_" + HexFormat.of().toHexDigits(new SecureRandom().nextLong());
  private ManagedDataSource database;
  private SharedBudgets shared;
  private RateLimiter inMemory;

  /** One identity per thread, as one client per connection. */
  @State(Scope.Thread)
  public static class Client {
    final RequestIdentity identity = new RequestIdentity("key:" + UUID.randomUUID());
  }

  @Setup(Level.Trial)
  public void start() throws Exception {
    String url = System.getenv("CAUSALITY_TEST_POSTGRES_URL");
    if (url == null || url.isBlank()) {
      throw new IllegalStateException(
          "Set CAUSALITY_TEST_POSTGRES_URL, _USER and _PASSWORD (docs/performance.md)");
    }
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.postgresql.Driver");
    factory.setUrl(url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema);
    factory.setUser(System.getenv("CAUSALITY_TEST_POSTGRES_USER"));
    factory.setPassword(System.getenv("CAUSALITY_TEST_POSTGRES_PASSWORD"));
    factory.setMaxSize(64);
    database = factory.build(new MetricRegistry(), "rate-limits");
    database.start();
    shared = new SharedBudgets(database, WINDOW, Clock.systemUTC());
    inMemory = new RateLimiter(WINDOW, 100_000, Clock.systemUTC());
    execute("CREATE SCHEMA " + schema);
    // changeset 030's table
    execute(
        "CREATE TABLE "
            + schema
            + ".rate_limit_buckets (id VARCHAR(255) PRIMARY KEY, state BYTEA, expires_at BIGINT)");
  }

  @TearDown(Level.Trial)
  public void stop() throws Exception {
    execute("DROP SCHEMA " + schema + " CASCADE");
    database.stop();
  }

  /** One request charged in this process's sliding window. */
  @Benchmark
  public RateLimitDecision inMemory(Client client) {
    return inMemory.tryAcquire(client.identity, RouteClass.READ, LIMIT);
  }

  /** One request charged in the PostgreSQL bucket every instance shares. */
  @Benchmark
  public RateLimitDecision shared(Client client) {
    return shared.tryAcquire(client.identity, RouteClass.READ, LIMIT);
  }

  private void execute(String sql) throws SQLException {
    try (Connection connection = database.getConnection();
        Statement statement = connection.createStatement()) {
      statement.execute(sql);
    }
  }
}
