package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;

/** A row of {@code licenses}. */
public record LicenseRow(
    UUID id,
    UUID organizationId,
    String tier,
    String status,
    Instant currentPeriodStart,
    Instant currentPeriodEnd,
    boolean hasStripeSubscription) {}
