package io.causality.sim.api;

/** The answer to a step: the state after it, and how many ticks it advanced. */
public record StepResponse(RawJson state, int ticks) {}
