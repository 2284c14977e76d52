package io.causality.sim.db;

/** An engine snapshot to store: the state before {@code tick}, as the engine's bytes. */
public record TickSnapshot(long tick, byte[] bytes) {}
