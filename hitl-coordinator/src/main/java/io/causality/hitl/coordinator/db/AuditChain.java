package io.causality.hitl.coordinator.db;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The hash of an audit event in the chain: lower-case hex SHA-256 of the RFC 8785 canonical JSON of
 * {@code {sequence, id, coordinatorRequestId, eventType, actorId, timestamp, note, previousHash}}
 * (docs/coordinator-protocol.md, "Audit chain"). The previous event's hash is part of the content,
 * so changing, removing or reordering any event changes every hash after it.
 */
public final class AuditChain {

  /** The previous hash of the first event: the head of an empty chain. */
  public static final String GENESIS_HASH = "0".repeat(64);

  private AuditChain() {}

  /** The hash of {@code event} at place {@code sequence} after an event hashed {@code previous}. */
  public static String hash(AuditEventRow event, long sequence, String previousHash) {
    return CanonicalJson.sha256Hex(content(event, sequence, previousHash));
  }

  /** The content that is hashed, as JSON (null note as JSON null). */
  public static ObjectNode content(AuditEventRow event, long sequence, String previousHash) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("sequence", sequence);
    node.put("id", event.id());
    node.put("coordinatorRequestId", event.coordinatorRequestId());
    node.put("eventType", event.eventType().name());
    node.put("actorId", event.actorId());
    node.put("timestamp", timestamp(event.occurredAt()));
    node.put("note", event.note());
    node.put("previousHash", previousHash);
    return node;
  }

  /**
   * Times are hashed and stored at millisecond precision: both databases keep at least that, so the
   * stored time reads back as the time that was hashed.
   */
  static AuditEventRow stored(AuditEventRow event) {
    return new AuditEventRow(
        event.id(),
        event.coordinatorRequestId(),
        event.eventType(),
        event.actorId(),
        stored(event.occurredAt()),
        event.note(),
        event.traceparent());
  }

  private static Instant stored(Instant occurredAt) {
    return occurredAt.truncatedTo(ChronoUnit.MILLIS);
  }

  private static String timestamp(Instant occurredAt) {
    return stored(occurredAt).toString();
  }
}
