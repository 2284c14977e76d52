package io.causality.sim.core.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatisticsTest {
  @Test
  void countMeanSampleSdMinMaxAndType7Percentiles() {
    double[] values = {4, 1, 3, 2, 5, 99};
    double[] stats = Statistics.of(values, 5);
    assertThat(stats[0]).isEqualTo(5);
    assertThat(stats[1]).isEqualTo(3);
    assertThat(stats[2]).isCloseTo(Math.sqrt(2.5), within(1e-15));
    assertThat(stats[3]).isEqualTo(1);
    assertThat(stats[4]).isEqualTo(5);
    // NumPy: np.percentile([1,2,3,4,5], [5, 50, 95]) = [1.2, 3, 4.8]
    assertThat(stats[5]).isCloseTo(1.2, within(1e-12));
    assertThat(stats[6]).isEqualTo(3);
    assertThat(stats[7]).isCloseTo(4.8, within(1e-12));
    assertThat(values).containsExactly(4, 1, 3, 2, 5, 99);
  }

  @Test
  void oneValueHasNoSpread() {
    double[] stats = Statistics.of(new double[] {0.25}, 1);
    assertThat(stats).containsExactly(1, 0.25, 0, 0.25, 0.25, 0.25, 0.25, 0.25);
  }
}
