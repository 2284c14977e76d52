package io.causality.sim.core.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CollectAndSeedsTest {
  @Test
  void collectedTicksAreEveryNthAndTheLast() {
    assertThat(Collect.ticks(40, 10)).containsExactly(0, 10, 20, 30, 39);
    assertThat(Collect.ticks(41, 10)).containsExactly(0, 10, 20, 30, 40);
    assertThat(Collect.ticks(1, 5)).containsExactly(0);
    assertThat(Collect.points(10_000, 10)).isEqualTo(1_001);
    assertThat(Collect.points(40, 10)).isEqualTo(Collect.ticks(40, 10).length);
  }

  @Test
  void replicationZeroKeepsTheSeedAndTheOthersDiffer() {
    assertThat(RunSeeds.of(42, 0)).isEqualTo(42);
    Set<Long> seeds = new HashSet<>();
    for (int r = 0; r < 10_000; r++) {
      seeds.add(RunSeeds.of(42, r));
    }
    assertThat(seeds).hasSize(10_000);
    assertThat(RunSeeds.of(42, 7)).isEqualTo(RunSeeds.of(42, 7)).isNotEqualTo(RunSeeds.of(43, 7));
  }
}
