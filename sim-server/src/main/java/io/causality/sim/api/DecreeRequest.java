package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** {@code POST /v1/simulations/{id}/decrees}: applied at the next tick. */
public record DecreeRequest(@NotBlank @Size(max = 40) String type, @NotNull JsonNode payload) {}
