package io.causality.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A gauge's database read runs at most once per interval, whatever asks for it. */
class CachedValueTest {
  private final AtomicLong now = new AtomicLong(1_000);
  private final AtomicInteger reads = new AtomicInteger();

  private CachedValue<Integer> cached(Runnable beforeRead) {
    return new CachedValue<>(
        "test value",
        -1,
        () -> {
          beforeRead.run();
          return reads.incrementAndGet();
        },
        Duration.ofSeconds(5),
        now::get);
  }

  @Test
  void readsOncePerIntervalHoweverOftenAsked() {
    CachedValue<Integer> value = cached(() -> {});
    assertThat(value.get()).isEqualTo(1);
    for (int i = 0; i < 100; i++) {
      now.addAndGet(Duration.ofMillis(40).toNanos());
      value.get();
    }
    assertThat(reads).hasValue(1);
    now.addAndGet(Duration.ofSeconds(1).toNanos());
    assertThat(value.get()).isEqualTo(2);
  }

  @Test
  void aFailedReadKeepsTheLastValueUntilAReadSucceeds() {
    boolean[] failing = {false};
    CachedValue<Integer> value =
        cached(
            () -> {
              if (failing[0]) {
                throw new IllegalStateException("database away");
              }
            });
    assertThat(value.get()).isEqualTo(1);
    failing[0] = true;
    now.addAndGet(Duration.ofSeconds(6).toNanos());
    assertThat(value.get()).isEqualTo(1);
    failing[0] = false;
    now.addAndGet(Duration.ofSeconds(6).toNanos());
    assertThat(value.get()).isEqualTo(2);
  }
}
