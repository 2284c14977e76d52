package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.ServiceFixture.POLICY_VERSION;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once under contention, on a durable file H2: of 64 simultaneous redemptions of one token
 * exactly one is ACCEPTED, and of many simultaneous readers of a due request exactly one writes the
 * EXPIRED event. Each round is repeated to give races several chances.
 */
class ConcurrencyIntegrationTest {

  private static final int THREADS = 64;
  private static ExecutorService pool;

  @TempDir Path dir;

  private ServiceFixture fixture;
  private OverrideService service;

  @BeforeAll
  static void startPool() {
    pool = Executors.newFixedThreadPool(THREADS);
  }

  @AfterAll
  static void stopPool() {
    pool.shutdownNow();
  }

  @BeforeEach
  void open() throws Exception {
    fixture = ServiceFixture.plain(dir);
    service = fixture.service;
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @RepeatedTest(5)
  void exactlyOneOf64ParallelRedemptionsIsAccepted() throws Exception {
    String id = service.submit(Submissions.valid("actor-7", null)).coordinatorRequestId();
    OverrideTokenEnvelope token =
        Deciders.approve(service, id, new ApproveOverrideRequest("k-alice", null, null));
    RedeemRequest redeem =
        new RedeemRequest(
            token.tokenId(), service.get(id).requestHash(), POLICY_VERSION, "lic-1", "actor-7");

    List<RedeemResponse> responses = allAtOnce(() -> service.redeem(redeem));

    Map<RedeemStatus, Long> counts =
        responses.stream()
            .collect(Collectors.groupingBy(RedeemResponse::status, Collectors.counting()));
    assertThat(counts)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(RedeemStatus.ACCEPTED, 1L, RedeemStatus.REPLAY_DETECTED, (long) THREADS - 1));
    OverrideRequestRecord record = service.get(id);
    assertThat(record.status()).isEqualTo(OverrideRequestStatus.REDEEMED);
    assertThat(record.audit()).filteredOn(e -> e.eventType() == AuditEventType.REDEEMED).hasSize(1);
  }

  @RepeatedTest(5)
  void exactlyOneExpiredEventUnderConcurrentReads() throws Exception {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ids.add(service.submit(Submissions.valid("actor-" + i, null)).coordinatorRequestId());
    }
    fixture.clock.advance(Duration.ofMillis(ServiceFixture.PENDING_TTL_MS));

    List<OverrideRequestStatus> seen = allAtOnce(readerOf(ids));

    assertThat(seen).containsOnly(OverrideRequestStatus.EXPIRED);
    for (String id : ids) {
      assertThat(service.get(id).audit())
          .extracting(AuditEvent::eventType)
          .containsExactly(AuditEventType.SUBMITTED, AuditEventType.EXPIRED);
    }
  }

  /** Half the readers get a request, the others list; each reports a status it saw. */
  private Callable<OverrideRequestStatus> readerOf(List<String> ids) {
    AtomicInteger next = new AtomicInteger();
    Function<Integer, OverrideRequestStatus> read =
        n ->
            n % 2 == 0
                ? service.get(ids.get(n % ids.size())).status()
                : service
                    .list(OverrideRequestQuery.first(Optional.empty()))
                    .data()
                    .get(n % ids.size())
                    .status();
    return () -> read.apply(next.getAndIncrement());
  }

  private static <T> List<T> allAtOnce(Callable<T> task) throws Exception {
    CountDownLatch ready = new CountDownLatch(THREADS);
    CountDownLatch start = new CountDownLatch(1);
    List<Future<T>> futures = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      futures.add(
          pool.submit(
              () -> {
                ready.countDown();
                start.await();
                return task.call();
              }));
    }
    ready.await();
    start.countDown();
    List<T> results = new ArrayList<>();
    for (Future<T> future : futures) {
      results.add(future.get(120, TimeUnit.SECONDS));
    }
    return results;
  }
}
