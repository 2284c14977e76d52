package io.causality.sim.api;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

/** {@code POST /v1/simulations/{id}/step}. */
public record StepRequest(@NotNull @Min(1) @Max(10_000) Integer ticks) {}
