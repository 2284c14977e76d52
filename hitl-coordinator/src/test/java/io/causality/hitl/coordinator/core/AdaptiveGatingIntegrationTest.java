package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.ServiceFixture.START;
import static io.causality.hitl.coordinator.core.Submissions.valid;
import static io.causality.hitl.coordinator.core.Submissions.withFingerprint;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dedupe, deny cooldown and material change, each on and off. */
class AdaptiveGatingIntegrationTest {

  private static final long COOLDOWN_MS = 10_000;

  @TempDir Path dir;

  private ServiceFixture fixture;

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void dedupeAnswersTheExistingPendingRequest() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, 0, false));
    String first = service.submit(valid("actor-1", "intent-1")).coordinatorRequestId();

    assertThatThrownBy(() -> service.submit(valid("actor-1", "intent-1")))
        .isInstanceOfSatisfying(
            DeduplicatedException.class,
            e -> {
              assertThat(e.existingRequestId()).isEqualTo(first);
              assertThat(e.code()).isEqualTo("DEDUPLICATED");
            });
    assertLetIn(service, service.submit(valid("actor-1", "intent-2")));
    assertLetIn(service, service.submit(valid("actor-2", "intent-1")));
  }

  @Test
  void dedupeTreatsAMissingIntentAsEmpty() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, 0, false));
    String first = service.submit(valid("actor-1", null)).coordinatorRequestId();
    SubmitOverrideRequest emptyIntent =
        Submissions.with(
            Submissions.request("actor-1", null).put("intentId", ""),
            Submissions.response(),
            "lic-1");

    assertThatThrownBy(() -> service.submit(emptyIntent))
        .isInstanceOfSatisfying(
            DeduplicatedException.class, e -> assertThat(e.existingRequestId()).isEqualTo(first));
  }

  @Test
  void aDecidedOrExpiredRequestNoLongerDeduplicates() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, 0, false));
    String first = service.submit(valid("actor-1", "i")).coordinatorRequestId();
    fixture.clock.advance(Duration.ofMillis(ServiceFixture.PENDING_TTL_MS));

    String second = service.submit(valid("actor-1", "i")).coordinatorRequestId();

    assertThat(second).isNotEqualTo(first);
    assertThat(service.get(first).status()).isEqualTo(OverrideRequestStatus.EXPIRED);
  }

  @Test
  void concurrentDuplicatesCreateExactlyOneRequest() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, 0, false));

    List<Object> outcomes =
        inParallel(
            16,
            () -> {
              try {
                return service.submit(valid("actor-1", "i")).coordinatorRequestId();
              } catch (DeduplicatedException e) {
                return e;
              }
            });

    List<String> created =
        outcomes.stream().filter(String.class::isInstance).map(String.class::cast).toList();
    assertThat(created).hasSize(1);
    assertThat(outcomes)
        .filteredOn(DeduplicatedException.class::isInstance)
        .hasSize(15)
        .allSatisfy(
            e ->
                assertThat(((DeduplicatedException) e).existingRequestId())
                    .isEqualTo(created.get(0)));
    assertThat(service.list(OverrideRequestQuery.first(Optional.empty())).data()).hasSize(1);
  }

  @Test
  void denyCooldownRefusesTheActorUntilTheWindowPasses() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, COOLDOWN_MS, false));
    deny(service, service.submit(valid("actor-1", "i")).coordinatorRequestId());
    fixture.clock.advance(Duration.ofMillis(COOLDOWN_MS - 1));

    assertThatThrownBy(() -> service.submit(valid("actor-1", "other-intent")))
        .isInstanceOfSatisfying(
            DenyCooldownException.class,
            e -> assertThat(e.cooldownEndsAt()).isEqualTo(START.plusMillis(COOLDOWN_MS)));
    assertLetIn(service, service.submit(valid("actor-2", "i")));

    fixture.clock.advance(Duration.ofMillis(1));

    assertLetIn(service, service.submit(valid("actor-1", "i")));
  }

  @Test
  void materialChangeIsRequiredAfterADenial() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, 0, true));
    String denied = service.submit(withFingerprint("actor-1", "fp-1")).coordinatorRequestId();
    deny(service, denied);

    assertThatThrownBy(() -> service.submit(withFingerprint("actor-1", "fp-1")))
        .isInstanceOfSatisfying(
            MaterialChangeRequiredException.class,
            e -> assertThat(e.deniedRequestId()).isEqualTo(denied));
    assertLetIn(service, service.submit(withFingerprint("actor-1", "fp-2")));
    assertLetIn(service, service.submit(withFingerprint("actor-2", "fp-1")));
  }

  @Test
  void withoutMaterialChangeRuleTheSameFailureMayComeBack() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(true, 0, false));
    deny(service, service.submit(withFingerprint("actor-1", "fp-1")).coordinatorRequestId());

    assertLetIn(service, service.submit(withFingerprint("actor-1", "fp-1")));
  }

  @Test
  void noGateAppliesWhenAdaptiveEscalationIsDisabled() throws Exception {
    OverrideService service = open(new AdaptiveEscalationPolicy(false, COOLDOWN_MS, true));
    deny(service, service.submit(withFingerprint("actor-1", "fp-1")).coordinatorRequestId());

    service.submit(withFingerprint("actor-1", "fp-1"));
    service.submit(withFingerprint("actor-1", "fp-1"));

    assertThat(
            service
                .list(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.PENDING)))
                .data())
        .hasSize(2);
  }

  private OverrideService open(AdaptiveEscalationPolicy adaptive) throws Exception {
    fixture = ServiceFixture.adaptive(dir, adaptive);
    return fixture.service;
  }

  /** The gates let the submission in: a new PENDING request exists under the answered id. */
  private static void assertLetIn(OverrideService service, SubmitOverrideResponse answer) {
    assertThat(service.get(answer.coordinatorRequestId()).status())
        .isEqualTo(OverrideRequestStatus.PENDING);
  }

  private static void deny(OverrideService service, String id) {
    Deciders.deny(service, id, new DenyOverrideRequest("k-alice", "no"));
  }

  private static <T> List<T> inParallel(int threads, Callable<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return task.call();
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get(60, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
