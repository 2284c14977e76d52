package io.causality.hitl.coordinator.db;

/** A delivery this deliverer holds the claim of, with its audit event. */
public record ClaimedDeliveryRow(
    WebhookDeliveryRow delivery, String claimId, ChainedAuditEventRow event) {}
