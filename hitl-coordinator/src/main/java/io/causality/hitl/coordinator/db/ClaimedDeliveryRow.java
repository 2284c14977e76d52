package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditCheckpoint;

/**
 * A delivery this deliverer holds the claim of, with what it delivers: an audit event, or a signed
 * checkpoint of the chain (exactly one of the two).
 */
public record ClaimedDeliveryRow(
    WebhookDeliveryRow delivery,
    String claimId,
    ChainedAuditEventRow event,
    AuditCheckpoint checkpoint) {}
