package io.causality.sim.engine.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NumTest {
  @Test
  void formatsPlainDecimalsRoundedToSixPlaces() {
    assertThat(Num.format(0)).isEqualTo("0");
    assertThat(Num.format(-0.0)).isEqualTo("0");
    assertThat(Num.format(3)).isEqualTo("3");
    assertThat(Num.format(0.25)).isEqualTo("0.25");
    assertThat(Num.format(-12.0000004)).isEqualTo("-12");
    assertThat(Num.format(0.1 + 0.2)).isEqualTo("0.3");
    assertThat(Num.format(1e-7)).isEqualTo("0");
    assertThat(Num.format(0.0000015)).isEqualTo("0.000002");
    assertThat(Num.format(12345.000001)).isEqualTo("12345.000001");
  }

  @Test
  void refusesNonFiniteNumbers() {
    assertThatThrownBy(() -> Num.format(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
  }
}
