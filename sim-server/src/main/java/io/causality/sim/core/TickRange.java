package io.causality.sim.core;

/**
 * The steps a trace shows: ticks {@code from} to {@code to}, both included; {@code to} null means
 * the last computed tick. A range past the computed ticks keeps what there is, so an empty range
 * (from beyond the last computed tick, or above to) is a trace without steps, not an error: a
 * client following a running simulation may ask for ticks that are not computed yet.
 */
public record TickRange(long from, Long to) {
  /** Every computed tick: the whole trace. */
  public static final TickRange ALL = new TickRange(0, null);

  public TickRange {
    if (from < 0 || (to != null && to < 0)) {
      throw new IllegalArgumentException("ticks are not negative: " + from + " to " + to);
    }
  }

  /** The tick to replay until (exclusive), of a simulation that has computed {@code computed}. */
  long untilOf(long computed) {
    return to == null ? computed : Math.min(computed, to + 1);
  }
}
