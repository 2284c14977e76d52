package io.causality.sim.evaluation;

/**
 * What the state gate found for one snapshot.
 *
 * @param gamma the gamma the gate read
 * @param breached whether gamma is strictly below the policy's floor
 * @param headroom gamma minus the floor; negative when breached
 * @param stepsToBreach 0 when breached, -1 when no breach is projected, else the steps until gamma
 *     is strictly below the floor at its current trend
 */
public record GateResult(double gamma, boolean breached, double headroom, long stepsToBreach) {}
