package io.causality.sim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Percentiles by nearest rank, whatever the order the times came in. */
class LatenciesTest {
  @Test
  void percentilesAreTheNearestRank() {
    List<Long> times = new ArrayList<>();
    for (long ms = 1; ms <= 1_000; ms++) {
      times.add(ms * 1_000_000);
    }
    Collections.shuffle(times, new Random(7));
    Latencies latencies = new Latencies();
    times.forEach(latencies::add);

    assertThat(latencies.count()).isEqualTo(1_000);
    assertThat(latencies.percentileMillis(0.99)).isEqualTo(990.0);
    assertThat(latencies.percentileMillis(0.5)).isEqualTo(500.0);
    assertThat(latencies.percentileMillis(1.0)).isEqualTo(1_000.0);
    assertThat(latencies.percentileMillis(0.0)).isEqualTo(1.0);
  }

  @Test
  void aFewTimes() {
    Latencies latencies = new Latencies();
    assertThat(latencies.percentileMillis(0.99)).isNaN();
    latencies.add(3_000_000);
    latencies.add(1_000_000);
    assertThat(latencies.percentileMillis(0.99)).isEqualTo(3.0);
    assertThat(latencies.percentileMillis(0.5)).isEqualTo(1.0);
  }
}
