package io.causality.sim.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.UUID;

/** One organization. */
public record OrganizationDetail(
    UUID id,
    String name,
    String slug,
    @JsonInclude(JsonInclude.Include.ALWAYS) String avatarUrl,
    long memberCount,
    Instant createdAt) {}
