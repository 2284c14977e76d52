package io.causality.hitl.coordinator.events;

import io.causality.common.sse.SseConnection;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.OrganizationScope;
import io.causality.hitl.protocol.wire.ChainedAuditEvent;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;

/**
 * One client's stream: the sequence of the last event it was sent, and its SSE connection ({@link
 * SseConnection}: a client that went away surfaces as an {@link IOException}).
 */
final class AuditStream {
  static final String EVENT_NAME = "audit";

  private final SseConnection connection;
  private final OrganizationScope scope;
  private long lastSent;

  AuditStream(SseConnection connection, long after, OrganizationScope scope) {
    this.connection = connection;
    this.lastSent = after;
    this.scope = scope;
  }

  long lastSent() {
    return lastSent;
  }

  /**
   * Sends one event, when its request is in the reader's scope, as {@code id: <sequence>}, {@code
   * event: audit}, {@code data: <json>}; either way the stream moves past it.
   */
  void send(AuditTrail.OrganizationEvent scoped) throws IOException {
    ChainedAuditEvent event = scoped.event();
    if (!scope.allows(scoped.organizationId())) {
      lastSent = event.sequence();
      return;
    }
    connection.send(
        connection
            .event()
            .id(Long.toString(event.sequence()))
            .name(EVENT_NAME)
            .mediaType(MediaType.APPLICATION_JSON_TYPE)
            .data(ChainedAuditEvent.class, event)
            .build());
    lastSent = event.sequence();
  }

  /** A comment line, which keeps the connection from looking idle. */
  void comment(String text) throws IOException {
    connection.comment(text);
  }

  void close() {
    connection.close();
  }
}
