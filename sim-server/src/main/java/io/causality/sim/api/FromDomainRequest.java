package io.causality.sim.api;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.UUID;

/** {@code POST /v1/simulations/from-domain}: a domain adapter turns the input into a scenario. */
public record FromDomainRequest(
    @NotBlank @Size(max = 64) String domain,
    @NotNull JsonNode input,
    UUID organizationId,
    @Size(max = 32) String engineVersion) {}
