package io.causality.sim.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** {@code PUT /v1/simulations/{id}/agent-policy}: new lambda and/or gamma for one agent. */
public record AgentPolicyRequest(
    @NotBlank @Size(max = 100) String agentId, @Valid @NotNull Policy policy) {

  /** The new values; bounds are the engine's (docs/engine.md). */
  public record Policy(Double lambda, Double gamma) {}
}
