package io.causality.sim.engine.adapter;

import io.causality.sim.engine.random.SplitMix64;

/**
 * Deterministic placement for adapters: points on a circle and jitter drawn from a stream split off
 * the input's seed, so that one input always gives the same scenario.
 */
final class Layout {
  static final double SIDE = 100;
  static final double CENTRE = SIDE / 2;
  private final long[] stream = new long[1];

  Layout(long seed) {
    stream[0] = SplitMix64.streamSeed(seed, -1);
  }

  /** The x of point {@code k} of {@code count} on a circle of {@code radius} round the centre. */
  static double circleX(int k, int count, double radius) {
    return CENTRE + radius * StrictMath.cos(angle(k, count));
  }

  static double circleY(int k, int count, double radius) {
    return CENTRE + radius * StrictMath.sin(angle(k, count));
  }

  private static double angle(int k, int count) {
    return 2 * Math.PI * k / Math.max(count, 1);
  }

  /** {@code value} moved by up to {@code spread} either way, kept on the plane. */
  double jitter(double value, double spread) {
    double moved = value + spread * SplitMix64.nextSigned(stream, 0);
    return Math.max(0.5, Math.min(SIDE - 0.5, moved));
  }

  /** Rounds to 3 decimals so that generated scenarios read well when listed. */
  static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
