package io.causality.hitl.coordinator.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Exponential backoff with full jitter, on seeded randomness: the ceilings, the bounds, the spread.
 */
class BackoffTest {
  private static final Duration INITIAL = Duration.ofSeconds(1);
  private static final Duration MAX = Duration.ofSeconds(60);

  @Test
  void theCeilingDoublesFromTheInitialWaitUpToTheMaximum() {
    Backoff backoff = new Backoff(INITIAL, MAX, new Random(1));

    assertThat(backoff.ceiling(1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(backoff.ceiling(2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(backoff.ceiling(6)).isEqualTo(Duration.ofSeconds(32));
    assertThat(backoff.ceiling(7)).isEqualTo(MAX);
    assertThat(backoff.ceiling(100)).isEqualTo(MAX);
    assertThat(backoff.ceiling(Integer.MAX_VALUE)).isEqualTo(MAX);
  }

  @Test
  void everyDelayLiesBetweenZeroAndItsCeiling() {
    Backoff backoff = new Backoff(INITIAL, MAX, new Random(42));

    for (int attempt = 1; attempt <= 12; attempt++) {
      for (int i = 0; i < 200; i++) {
        assertThat(backoff.delay(attempt)).isBetween(Duration.ZERO, backoff.ceiling(attempt));
      }
    }
  }

  @Test
  void theJitterSpreadsTheDelaysOverTheWholeRange() {
    Backoff backoff = new Backoff(INITIAL, MAX, new Random(7));
    List<Duration> delays = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      delays.add(backoff.delay(10));
    }

    assertThat(delays).anyMatch(d -> d.compareTo(Duration.ofSeconds(6)) < 0);
    assertThat(delays).anyMatch(d -> d.compareTo(Duration.ofSeconds(54)) > 0);
    Set<Duration> distinct = new HashSet<>(delays);
    assertThat(distinct).hasSizeGreaterThan(990);
  }

  @Test
  void theSameSeedGivesTheSameDelays() {
    Backoff one = new Backoff(INITIAL, MAX, new Random(3));
    Backoff two = new Backoff(INITIAL, MAX, new Random(3));

    for (int attempt = 1; attempt <= 10; attempt++) {
      assertThat(one.delay(attempt)).isEqualTo(two.delay(attempt));
    }
  }
}
