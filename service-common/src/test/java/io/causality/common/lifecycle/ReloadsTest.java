package io.causality.common.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The one entry point of every reload: outcomes passed on, a bug contained, one at a time. */
class ReloadsTest {

  @Test
  void theOutcomeIsPassedOn() {
    assertThat(new Reloads("svc", () -> ReloadOutcome.applied("v2")).reload("test"))
        .isEqualTo(ReloadOutcome.applied("v2"));
    assertThat(new Reloads("svc", () -> ReloadOutcome.refused("bad")).reload("test"))
        .isEqualTo(ReloadOutcome.refused("bad"));
  }

  /** A bug in a reload refuses it without its message (which could name anything) or a trace. */
  @Test
  void anUnexpectedFailureIsARefusalThatSaysToReadTheLog() {
    ReloadOutcome outcome =
        new Reloads(
                "svc",
                () -> {
                  throw new IllegalStateException("secret /etc/causality/keys/ops-1.pem");
                })
            .reload("test");

    assertThat(outcome.applied()).isFalse();
    assertThat(outcome.message()).doesNotContain("secret").contains("see the service's log");
  }

  @Test
  void reloadsNeverOverlap() throws Exception {
    AtomicInteger inside = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    CountDownLatch go = new CountDownLatch(1);
    Reloads reloads =
        new Reloads(
            "svc",
            () -> {
              most.accumulateAndGet(inside.incrementAndGet(), Math::max);
              Thread.onSpinWait();
              inside.decrementAndGet();
              return ReloadOutcome.applied("ok");
            });
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      Future<?>[] calls = new Future<?>[32];
      for (int i = 0; i < calls.length; i++) {
        calls[i] =
            pool.submit(
                () -> {
                  go.await();
                  return reloads.reload("test");
                });
      }
      go.countDown();
      for (Future<?> call : calls) {
        call.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(most.get()).isEqualTo(1);
  }
}
