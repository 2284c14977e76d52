package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/** An organization in the caller's list, with the caller's role in it. */
public record OrganizationSummary(
    UUID id,
    String name,
    String slug,
    @JsonInclude(JsonInclude.Include.ALWAYS) String avatarUrl,
    String role,
    Instant createdAt) {}
