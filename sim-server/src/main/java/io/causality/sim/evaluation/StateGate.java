package io.causality.sim.evaluation;

import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The {@code state_gate} of the deployment policy: judges gamma against the floor. The formulas are
 * {@link GatePolicy}'s, so the runtime and the protocol library cannot disagree.
 */
public final class StateGate {
  private final GatePolicy gate;
  private final long policyVersion;

  public StateGate(GatePolicy gate, long policyVersion) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.policyVersion = policyVersion;
  }

  /** The gate of a policy; the runtime refuses a policy without a {@code gate} section. */
  public static StateGate of(DeploymentPolicy policy) {
    GatePolicy gate =
        policy
            .gateSection()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "policy.gate: required by the evaluation runtime"));
    return new StateGate(gate, policy.policyVersion());
  }

  /** Judges gamma; an unknown trend projects no breach. */
  public GateResult judge(double gamma, OptionalDouble trendPerStep) {
    double trend = trendPerStep.orElse(Double.NaN);
    return new GateResult(
        gamma, gate.breached(gamma), gate.headroom(gamma), gate.stepsToBreach(gamma, trend));
  }

  /** The snapshot metric holding gamma. */
  public String metric() {
    return gate.metric();
  }

  /** The snapshot metric holding gamma's change per step. */
  public String trendMetric() {
    return gate.trendMetric();
  }

  public String mode() {
    return gate.mode();
  }

  public double floor() {
    return gate.gammaFloor();
  }

  public long policyVersion() {
    return policyVersion;
  }
}
