package io.causality.sim.engine.core;

import io.causality.sim.engine.EngineLimits;

/**
 * What one tick produced besides the new state: the agents lost, the agents whose gamma entered the
 * warning margin, whether b crossed the stability threshold. Sized once per simulation and reused,
 * so that a tick allocates nothing.
 */
final class TickScratch {
  final double[] effectiveStrength = new double[EngineLimits.MAX_ATTRACTORS];
  final int[] lost;
  final double[] lostMagnitude;
  final int[] lostBasin;
  int lostCount;
  final int[] gammaWarned;
  int gammaWarnedCount;
  boolean stabilityCrossed;

  TickScratch(int agents) {
    lost = new int[agents];
    lostMagnitude = new double[agents];
    lostBasin = new int[agents];
    gammaWarned = new int[agents];
  }

  void reset() {
    lostCount = 0;
    gammaWarnedCount = 0;
    stabilityCrossed = false;
  }

  void recordLoss(int agent, double magnitude, int basin) {
    lost[lostCount] = agent;
    lostMagnitude[lostCount] = magnitude;
    lostBasin[lostCount] = basin;
    lostCount++;
  }

  /** Records a gamma warning once per agent and tick, whatever raised it. */
  void recordGammaWarning(int agent) {
    for (int k = 0; k < gammaWarnedCount; k++) {
      if (gammaWarned[k] == agent) {
        return;
      }
    }
    gammaWarned[gammaWarnedCount++] = agent;
  }
}
