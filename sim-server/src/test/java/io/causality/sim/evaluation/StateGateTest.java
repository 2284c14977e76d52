package io.causality.sim.evaluation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.causality.hitl.protocol.policy.GatePolicy;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The gate's floor, headroom and steps to breach, on the policy's formulas. */
class StateGateTest {
  private final StateGate gate =
      new StateGate(new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"), 7);

  @Test
  void gammaStrictlyBelowTheFloorBreaches() {
    assertThat(gate.judge(0.3499, OptionalDouble.empty()).breached()).isTrue();
    assertThat(gate.judge(0.35, OptionalDouble.empty()).breached()).isFalse();
    assertThat(gate.judge(0.9, OptionalDouble.empty()).breached()).isFalse();
  }

  @Test
  void headroomIsGammaMinusTheFloor() {
    assertThat(gate.judge(0.5, OptionalDouble.empty()).headroom()).isCloseTo(0.15, within(1e-12));
    assertThat(gate.judge(0.3, OptionalDouble.empty()).headroom()).isCloseTo(-0.05, within(1e-12));
  }

  @Test
  void aBreachedStateIsZeroStepsFromBreach() {
    assertThat(gate.judge(0.3, OptionalDouble.of(-0.01)).stepsToBreach()).isZero();
  }

  @Test
  void fallingGammaCountsTheStepsUntilStrictlyBelow() {
    // headroom 0.1 at -0.03 per step: 0.32 after 1, 0.29 after 4 steps (floor(3.33) + 1).
    assertThat(gate.judge(0.45, OptionalDouble.of(-0.03)).stepsToBreach()).isEqualTo(4);
    // headroom 0.125 at -0.025: lands on the floor after 5 steps, below it after 6.
    assertThat(gate.judge(0.475, OptionalDouble.of(-0.025)).stepsToBreach()).isEqualTo(6);
  }

  @Test
  void flatRisingOrUnknownTrendProjectsNoBreach() {
    assertThat(gate.judge(0.5, OptionalDouble.of(0)).stepsToBreach()).isEqualTo(-1);
    assertThat(gate.judge(0.5, OptionalDouble.of(0.01)).stepsToBreach()).isEqualTo(-1);
    assertThat(gate.judge(0.5, OptionalDouble.empty()).stepsToBreach()).isEqualTo(-1);
  }

  @Test
  void thePolicyVersionAndModeComeFromThePolicy() {
    assertThat(gate.policyVersion()).isEqualTo(7);
    assertThat(gate.mode()).isEqualTo("state_gate");
    assertThat(gate.floor()).isEqualTo(0.35);
  }
}
