package io.causality.sim.engine.output;

/**
 * A simulation's figures at the end of {@code tick} without its attractors: b and how many agents
 * are in each status. What a reader of a few numbers every few ticks (an experiment's series)
 * needs, for a fraction of a {@link StateSnapshot}'s cost.
 */
public record StateCounts(
    long tick, double b, int alive, int held, int straying, int free, int lost, int removed) {}
