package io.causality.sim.api;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/**
 * {@code PUT /v1/simulations/{id}/time-control}: {@code play}, {@code pause} or {@code step}.
 * {@code speed} multiplies the base rate of play; without it, play keeps the simulation's speed (1
 * at creation). Pause and step ignore it.
 */
public record TimeControlRequest(
    @NotNull @Pattern(regexp = "play|pause|step", message = "must be one of play, pause, step")
        String action,
    @DecimalMin(value = "0.1", message = "must be from 0.1 to 10")
        @DecimalMax(value = "10", message = "must be from 0.1 to 10")
        Double speed) {

  /** The three actions. */
  public enum Action {
    PLAY,
    PAUSE,
    STEP
  }

  /** The action, once validated. */
  public Action parsedAction() {
    return Action.valueOf(action.toUpperCase(java.util.Locale.ROOT));
  }
}
