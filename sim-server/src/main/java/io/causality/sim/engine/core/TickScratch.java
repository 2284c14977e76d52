package io.causality.sim.engine.core;

import java.util.Arrays;

/**
 * What one tick produced besides the new state: the agents lost, the agents whose gamma entered the
 * warning margin, whether b crossed the stability threshold. Sized once per simulation and reused,
 * so that a tick allocates nothing per agent. The agents are cut into {@link Part}s computed on any
 * threads; each part keeps what its agents produced, merged here in agent order.
 */
final class TickScratch {
  /**
   * Parts per thread, so that a part whose agents are mostly lost leaves no thread idle, and the
   * thread that finishes first waits for at most a small part at the end of a tick.
   */
  private static final int PARTS_PER_THREAD = 16;

  /**
   * Ints between one part's hold counts and the next part's: the parts' arrays are made one after
   * the other, and counts in one cache line, written for almost every agent by two threads, cost a
   * second thread most of what it added (2 threads did 1.46 × one thread's agent-ticks).
   */
  private static final int HELD_PADDING = 32;

  private static final int MIN_PART = 512;

  /**
   * Per attractor slot, as long as the world's attractors ({@link #fitAttractors}), for the reason
   * World's attractor arrays are: a prophecy's fork has a scratch of its own.
   */
  double[] effectiveStrength = new double[0];

  /** Losses per basin this tick, for the contagion rule. */
  int[] lossesOf = new int[0];

  final int[] lost;
  final double[] lostMagnitude;
  final int[] lostBasin;
  int lostCount;
  final int[] gammaWarned;
  int gammaWarnedCount;
  private final boolean[] warned;
  boolean stabilityCrossed;
  final Part[] parts;

  /** With several parts, the depths added in agent order so far this tick (b's numerator). */
  double depthSum;

  TickScratch(int agents, TickThreads threads) {
    lost = new int[agents];
    lostMagnitude = new double[agents];
    lostBasin = new int[agents];
    gammaWarned = new int[agents];
    warned = new boolean[agents];
    parts = Part.split(agents, partCount(agents, threads));
  }

  /** Makes room for {@code attractors} slots: a decree may have added one since the last tick. */
  void fitAttractors(int attractors) {
    if (effectiveStrength.length < attractors) {
      effectiveStrength = new double[attractors];
      lossesOf = new int[attractors];
      for (Part part : parts) {
        part.held = new int[attractors + HELD_PADDING];
      }
    }
  }

  /** How many parts a tick of {@code agents} is cut into on {@code threads}. */
  static int partCount(int agents, TickThreads threads) {
    if (threads.threads() == 1 || agents < threads.minAgentsToSplit()) {
      return 1;
    }
    int smallest = Math.min(MIN_PART, threads.minAgentsToSplit());
    return Math.max(1, Math.min(threads.threads() * PARTS_PER_THREAD, agents / smallest));
  }

  void reset() {
    lostCount = 0;
    for (int k = 0; k < gammaWarnedCount; k++) {
      warned[gammaWarned[k]] = false;
    }
    gammaWarnedCount = 0;
    stabilityCrossed = false;
  }

  void recordLoss(int agent, double magnitude, int basin) {
    lost[lostCount] = agent;
    lostMagnitude[lostCount] = magnitude;
    lostBasin[lostCount] = basin;
    lostCount++;
  }

  /** Records a gamma warning once per agent and tick, whatever raised it, in order of arrival. */
  void recordGammaWarning(int agent) {
    if (!warned[agent]) {
      warned[agent] = true;
      gammaWarned[gammaWarnedCount++] = agent;
    }
  }

  /** A range of agents [from, to) and what computing its tick produced. */
  static final class Part {
    final int from;
    final int to;
    int[] held = new int[0];
    final int[] lost;
    final double[] lostMagnitude;
    final int[] lostBasin;
    int lostCount;
    final int[] warned;
    int warnedCount;

    /** The depths of its live agents added in agent order (b's numerator when it is alone). */
    double sumDepth;

    private Part(int from, int to) {
      this.from = from;
      this.to = to;
      lost = new int[to - from];
      lostMagnitude = new double[to - from];
      lostBasin = new int[to - from];
      warned = new int[to - from];
    }

    static Part[] split(int agents, int count) {
      Part[] parts = new Part[count];
      for (int p = 0; p < count; p++) {
        parts[p] = new Part(bound(agents, count, p), bound(agents, count, p + 1));
      }
      return parts;
    }

    private static int bound(int agents, int count, int p) {
      return (int) ((long) agents * p / count);
    }

    void reset(int attractors) {
      Arrays.fill(held, 0, attractors, 0);
      lostCount = 0;
      warnedCount = 0;
      sumDepth = 0;
    }

    void recordLoss(int agent, double magnitude, int basin) {
      lost[lostCount] = agent;
      lostMagnitude[lostCount] = magnitude;
      lostBasin[lostCount] = basin;
      lostCount++;
    }

    /** Each agent erodes at most once a tick, so a part records it at most once. */
    void recordGammaWarning(int agent) {
      warned[warnedCount++] = agent;
    }
  }
}
