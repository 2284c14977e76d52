package io.causality.hitl.coordinator.db;

/**
 * The head of the audit chain: the place and hash of the last event appended.
 *
 * @param sequence 0 for an empty chain
 * @param hash {@link AuditChain#GENESIS_HASH} for an empty chain
 */
public record ChainHead(long sequence, String hash) {}
