package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code organizations}. */
public record OrganizationRow(
    UUID id, String name, String slug, String avatarUrl, Instant createdAt) {}
