package io.causality.hitl.coordinator.db;

/**
 * An audit event with its link in the chain.
 *
 * @param sequence its place in the one total order of audit events; null for an event written
 *     before the chain that was not chained yet
 * @param previousHash the hash of the event before it (or {@link AuditChain#GENESIS_HASH})
 * @param hash its own hash as stored ({@link AuditChain#hash})
 */
public record ChainedAuditEventRow(
    Long sequence, AuditEventRow event, String previousHash, String hash) {}
