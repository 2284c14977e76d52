package io.causality.hitl.protocol.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import org.junit.jupiter.api.Test;

class GatePolicyTest {

  private final GatePolicy gate = new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend");

  @Test
  void belowTheFloorIsBreachedOnTheFloorIsNot() {
    assertThat(gate.breached(0.34)).isTrue();
    assertThat(gate.breached(0.35)).isFalse();
    assertThat(gate.headroom(0.25)).isCloseTo(-0.10, offset(1e-12));
  }

  @Test
  void stepsToBreach() {
    assertThat(gate.stepsToBreach(0.30, -0.01)).isZero();
    assertThat(gate.stepsToBreach(0.44, -0.02)).isEqualTo(5);
    assertThat(gate.stepsToBreach(0.45, -0.02)).isEqualTo(6);
    assertThat(gate.stepsToBreach(0.451, -0.02)).isEqualTo(6);
    assertThat(gate.stepsToBreach(0.35, -0.02)).isEqualTo(1);
    assertThat(gate.stepsToBreach(0.45, 0.0)).isEqualTo(-1);
    assertThat(gate.stepsToBreach(0.45, Double.NaN)).isEqualTo(-1);
  }
}
