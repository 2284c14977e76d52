package io.causality.sim.engine.random;

/**
 * SplitMix64 (Steele, Lea and Flood, 2014), written out so that its whole state is one long: a
 * simulation snapshot stores it exactly, and a prophecy fork copies it to foresee exactly. Static
 * methods over a {@code long[]} of states let the hot loop keep one stream per agent without an
 * object per agent.
 */
public final class SplitMix64 {
  /** The golden-ratio increment of SplitMix64. */
  public static final long GAMMA = 0x9E3779B97F4A7C15L;

  private static final double UNIT = 0x1.0p-53;

  private SplitMix64() {}

  /** The finalizer of SplitMix64: a bijective mix of 64 bits. */
  public static long mix(long value) {
    long z = (value ^ (value >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The initial state of stream {@code index} split off {@code seed}. */
  public static long streamSeed(long seed, long index) {
    return mix(mix(seed) + (index + 1) * GAMMA);
  }

  /** Advances {@code states[i]} and returns the next 64 random bits of that stream. */
  public static long next(long[] states, int i) {
    long s = states[i] + GAMMA;
    states[i] = s;
    return mix(s);
  }

  /** Next draw of stream {@code i}, uniform in [-1, 1). */
  public static double nextSigned(long[] states, int i) {
    return ((next(states, i) >>> 11) * UNIT) * 2.0 - 1.0;
  }
}
