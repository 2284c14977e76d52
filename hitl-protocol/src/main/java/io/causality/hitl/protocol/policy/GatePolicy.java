package io.causality.hitl.protocol.policy;

import java.util.Objects;

/**
 * The {@code gate} section of the deployment policy: how the evaluation runtime's state gate judges
 * a snapshot.
 *
 * <p>The gate reads {@code snapshot.metrics[metric]} (gamma). Gamma strictly below {@code
 * gammaFloor} rejects the state ({@code REJECT_STATE}, {@code GAMMA_BELOW_FLOOR}, escalation {@code
 * HUMAN_ESCALATION}). {@code gammaHeadroom} is gamma minus the floor (negative when breached).
 * {@code stepsToBreach} uses {@code snapshot.metrics[trendMetric]}, the change of gamma per step: 0
 * when already breached; when gamma is falling, the number of steps after which it is strictly
 * below the floor, {@code floor(headroom / -trend) + 1}; -1 when it is not falling or the trend is
 * unknown (no breach projected).
 *
 * @param mode the gate mode, {@code state_gate}
 * @param metric the snapshot metric holding gamma
 * @param gammaFloor the lowest acceptable gamma
 * @param trendMetric the snapshot metric holding gamma's change per step
 */
public record GatePolicy(String mode, String metric, double gammaFloor, String trendMetric) {

  /** The trend metric a policy without {@code trendMetric} names. */
  public static final String DEFAULT_TREND_METRIC = "gammaTrend";

  public GatePolicy {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(trendMetric, "trendMetric");
    if (!Double.isFinite(gammaFloor)) {
      throw new IllegalArgumentException("gammaFloor must be a finite number");
    }
  }

  /** Whether gamma breaches the floor, which rejects the state. */
  public boolean breached(double gamma) {
    return gamma < gammaFloor;
  }

  /** How far gamma is above the floor; negative when breached. */
  public double headroom(double gamma) {
    return gamma - gammaFloor;
  }

  /** Steps until gamma breaches the floor at its current trend; see the class comment. */
  public long stepsToBreach(double gamma, double trendPerStep) {
    if (breached(gamma)) {
      return 0;
    }
    if (!Double.isFinite(trendPerStep) || trendPerStep >= 0) {
      return -1;
    }
    // Breach is strictly below the floor: landing exactly on it takes one more step.
    return (long) Math.floor(headroom(gamma) / -trendPerStep) + 1;
  }
}
