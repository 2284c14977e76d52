package io.causality.sim.api;

/**
 * Runs of an experiment: {@code done} (stored with their outcomes), {@code failed} (the engine
 * failed on them), {@code running} (held by a worker now) of {@code total}.
 */
public record ExperimentProgress(int done, int running, int failed, int total) {}
