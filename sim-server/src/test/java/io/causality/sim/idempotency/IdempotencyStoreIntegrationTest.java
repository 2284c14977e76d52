package io.causality.sim.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.MetricRegistry;
import io.causality.common.db.StartupMigrations;
import io.causality.common.testing.TestClock;
import io.causality.sim.db.IdempotencyScope;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The store on H2 with the real changelog: races, abandoned claims and expiry. */
class IdempotencyStoreIntegrationTest {
  private static final Duration IN_FLIGHT_TIMEOUT = Duration.ofMinutes(10);
  private static ManagedDataSource dataSource;
  private static Jdbi jdbi;

  private final TestClock clock = new TestClock();
  private final IdempotencyStore store = new IdempotencyStore(jdbi, clock, IN_FLIGHT_TIMEOUT);

  @BeforeAll
  static void database() {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl("jdbc:h2:file:" + SimTestFixture.tempDirectory().resolve("store"));
    factory.setUser("sa");
    factory.setPassword("");
    dataSource = factory.build(new MetricRegistry(), "store-test");
    StartupMigrations.apply(dataSource);
    jdbi = Jdbi.create(dataSource).installPlugin(new SqlObjectPlugin());
  }

  @AfterAll
  static void close() throws Exception {
    dataSource.stop();
  }

  private static IdempotencyScope scope() {
    return new IdempotencyScope(
        "key:" + UUID.randomUUID(), "POST", "/v1/simulations", UUID.randomUUID().toString());
  }

  /** Request hashes are SHA-256 hex, as the filter computes them (the column is char(64)). */
  private static String hash(String body) {
    return IdempotencyFilter.fingerprint(null, bytes(body));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void concurrentRequestsWithOneKeyRunOnce() throws Exception {
    IdempotencyScope scope = scope();
    ExecutorService pool = Executors.newFixedThreadPool(8);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<IdempotencyOutcome>> outcomes = new ArrayList<>();
    for (int request = 0; request < 8; request++) {
      outcomes.add(
          pool.submit(
              () -> {
                start.await();
                return store.begin(scope, hash("hash"));
              }));
    }
    start.countDown();
    int claimed = 0;
    for (Future<IdempotencyOutcome> outcome : outcomes) {
      IdempotencyOutcome result = outcome.get();
      if (result instanceof IdempotencyOutcome.Claimed) {
        claimed++;
      } else {
        assertThat(result).isInstanceOf(IdempotencyOutcome.InUse.class);
      }
    }
    pool.shutdown();
    assertThat(claimed).isEqualTo(1);
  }

  @Test
  void aDifferentBodyIsReuseEvenWhileInFlight() {
    IdempotencyScope scope = scope();
    store.begin(scope, hash("first"));
    assertThat(store.begin(scope, hash("second"))).isInstanceOf(IdempotencyOutcome.Reuse.class);
  }

  @Test
  void anAbandonedClaimIsTakenOverAndTheOldClaimCanNoLongerComplete() {
    IdempotencyScope scope = scope();
    IdempotencyOutcome.Claimed abandoned =
        (IdempotencyOutcome.Claimed) store.begin(scope, hash("hash"));
    assertThat(store.begin(scope, hash("hash"))).isInstanceOf(IdempotencyOutcome.InUse.class);
    clock.advance(IN_FLIGHT_TIMEOUT.plusSeconds(1));
    IdempotencyOutcome.Claimed successor =
        (IdempotencyOutcome.Claimed) store.begin(scope, hash("hash"));
    assertThat(successor.claimId()).isNotEqualTo(abandoned.claimId());
    store.complete(abandoned, 201, "application/json", bytes("old"));
    store.complete(successor, 201, "application/json", bytes("new"));
    IdempotencyOutcome.Replay replay = (IdempotencyOutcome.Replay) store.begin(scope, hash("hash"));
    assertThat(new String(replay.body(), StandardCharsets.UTF_8)).isEqualTo("new");
  }

  @Test
  void aReleasedKeyRunsAgain() {
    IdempotencyScope scope = scope();
    store.release((IdempotencyOutcome.Claimed) store.begin(scope, hash("hash")));
    assertThat(store.begin(scope, hash("other"))).isInstanceOf(IdempotencyOutcome.Claimed.class);
  }

  @Test
  void anExpiredKeyRunsAnewBeforeTheCleanUpHasRun() {
    IdempotencyScope scope = scope();
    store.complete(
        (IdempotencyOutcome.Claimed) store.begin(scope, hash("hash")), 200, null, new byte[0]);
    assertThat(store.begin(scope, hash("hash"))).isInstanceOf(IdempotencyOutcome.Replay.class);
    clock.advance(IdempotencyStore.TTL.plusSeconds(1));
    assertThat(store.begin(scope, hash("hash"))).isInstanceOf(IdempotencyOutcome.Claimed.class);
  }

  @Test
  void theCleanUpDeletesOnlyExpiredKeys() {
    IdempotencyScope older = scope();
    IdempotencyScope newer = scope();
    store.begin(older, hash("hash"));
    clock.advance(Duration.ofHours(12));
    store.complete(
        (IdempotencyOutcome.Claimed) store.begin(newer, hash("hash")), 200, null, new byte[0]);
    clock.advance(Duration.ofHours(12).plusSeconds(1));
    assertThat(store.purgeExpired()).isGreaterThanOrEqualTo(1);
    assertThat(store.begin(older, hash("other"))).isInstanceOf(IdempotencyOutcome.Claimed.class);
    assertThat(store.begin(newer, hash("hash"))).isInstanceOf(IdempotencyOutcome.Replay.class);
  }
}
