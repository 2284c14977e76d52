package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SlidingWindowCounterTest {
  private static final long WINDOW = 60_000;
  private static final long SLOT = WINDOW / SlidingWindowCounter.SLOTS;

  @Test
  void admitsUpToTheLimitThenRefuses() {
    SlidingWindowCounter counter = new SlidingWindowCounter(SLOT, 0);
    for (int request = 1; request <= 10; request++) {
      RateLimitDecision decision = counter.tryAcquire(10, request);
      assertThat(decision.allowed()).isTrue();
      assertThat(decision.remaining()).isEqualTo(10 - request);
    }
    RateLimitDecision refused = counter.tryAcquire(10, 11);
    assertThat(refused.allowed()).isFalse();
    assertThat(refused.remaining()).isZero();
  }

  @Test
  void resetIsWhenTheOldestCountedRequestLeavesTheWindow() {
    long start = 1_700_000_000_000L;
    SlidingWindowCounter counter = new SlidingWindowCounter(SLOT, start);
    counter.tryAcquire(2, start + 100);
    counter.tryAcquire(2, start + 30_000);
    RateLimitDecision refused = counter.tryAcquire(2, start + 30_500);
    assertThat(refused.allowed()).isFalse();
    long resetMillis = refused.resetEpochSecond() * 1_000;
    assertThat(resetMillis).isBetween(start + WINDOW, start + WINDOW + 2 * SLOT);
    assertThat(refused.retryAfterSeconds() * 1_000)
        .isGreaterThanOrEqualTo(resetMillis - (start + 30_500) - 999);
    assertThat(counter.tryAcquire(2, resetMillis - 1).allowed()).isFalse();
    RateLimitDecision after = counter.tryAcquire(2, resetMillis);
    assertThat(after.allowed()).isTrue();
    assertThat(after.remaining()).isZero();
  }

  @Test
  void aBurstAtTheEndOfOneMinuteAndTheStartOfTheNextIsOneBudget() {
    SlidingWindowCounter counter = new SlidingWindowCounter(SLOT, 0);
    for (int request = 0; request < 10; request++) {
      assertThat(counter.tryAcquire(10, 59_900).allowed()).isTrue();
    }
    // A fixed 60 s window would start afresh at 60 000 and admit ten more here.
    assertThat(counter.tryAcquire(10, 60_100).allowed()).isFalse();
    assertThat(counter.tryAcquire(10, 119_000).allowed()).isFalse();
    assertThat(counter.tryAcquire(10, 121_000).allowed()).isTrue();
  }

  @Test
  void noTrailingWindowEverHoldsMoreThanTheLimit() {
    Random random = new Random(42);
    for (int run = 0; run < 50; run++) {
      int limit = 1 + random.nextInt(20);
      SlidingWindowCounter counter = new SlidingWindowCounter(SLOT, 0);
      List<Long> admitted = new ArrayList<>();
      long now = 0;
      for (int request = 0; request < 2_000; request++) {
        now += random.nextInt(random.nextBoolean() ? 50 : 5_000);
        if (counter.tryAcquire(limit, now).allowed()) {
          admitted.add(now);
        }
      }
      assertThat(maxInAnyWindow(admitted)).as("limit %d", limit).isLessThanOrEqualTo(limit);
      assertThat(admitted).hasSizeGreaterThan(limit);
    }
  }

  @Test
  void anIdleCounterHasItsWholeBudgetAgain() {
    SlidingWindowCounter counter = new SlidingWindowCounter(SLOT, 0);
    for (int request = 0; request < 5; request++) {
      counter.tryAcquire(5, 1_000);
    }
    RateLimitDecision later = counter.tryAcquire(5, 1_000 + 10 * WINDOW);
    assertThat(later.allowed()).isTrue();
    assertThat(later.remaining()).isEqualTo(4);
  }

  @Test
  void aClockSteppingBackNeverLoosensTheLimit() {
    SlidingWindowCounter counter = new SlidingWindowCounter(SLOT, 100_000);
    for (int request = 0; request < 3; request++) {
      counter.tryAcquire(3, 100_000);
    }
    assertThat(counter.tryAcquire(3, 20_000).allowed()).isFalse();
  }

  /** The most admissions within any window (t - WINDOW, t]. */
  private static int maxInAnyWindow(List<Long> times) {
    int max = 0;
    int first = 0;
    for (int last = 0; last < times.size(); last++) {
      while (times.get(first) <= times.get(last) - WINDOW) {
        first++;
      }
      max = Math.max(max, last - first + 1);
    }
    return max;
  }
}
