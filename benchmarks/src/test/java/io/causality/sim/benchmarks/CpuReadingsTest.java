package io.causality.sim.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class CpuReadingsTest {
  private static final Instant T0 = Instant.parse("2026-11-28T03:00:00Z");

  private final CpuReadings readings = new CpuReadings(() -> 0);

  @Test
  void interpolatesBetweenTheReadingsAroundTheTime() {
    readings.add(T0, 1_000);
    readings.add(T0.plusMillis(10), 3_000);
    readings.add(T0.plusMillis(20), 3_000);

    assertThat(readings.at(T0.plusMillis(5))).isEqualTo(2_000);
    assertThat(readings.at(T0.plusMillis(10))).isEqualTo(3_000);
    assertThat(readings.at(T0.plusMillis(15))).isEqualTo(3_000);
    assertThat(readings.first()).isEqualTo(1_000);
  }

  @Test
  void takesTheFirstOrLastReadingOutsideThem() {
    readings.add(T0, 1_000);
    readings.add(T0.plusMillis(10), 3_000);

    assertThat(readings.at(T0.minusMillis(1))).isEqualTo(1_000);
    assertThat(readings.at(T0.plusMillis(11))).isEqualTo(3_000);
  }
}
