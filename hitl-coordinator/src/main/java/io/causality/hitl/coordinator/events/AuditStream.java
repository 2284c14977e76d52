package io.causality.hitl.coordinator.events;

import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.OrganizationScope;
import io.causality.hitl.protocol.wire.ChainedAuditEvent;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.concurrent.CompletionException;

/**
 * One client's stream: the sequence of the last event it was sent, and its Jersey SSE sink. Every
 * write waits until Jersey has handed the frame to the connection, so a client that went away
 * surfaces as an {@link IOException}.
 */
final class AuditStream {
  static final String EVENT_NAME = "audit";

  private final SseEventSink sink;
  private final Sse sse;
  private final OrganizationScope scope;
  private long lastSent;

  AuditStream(SseEventSink sink, Sse sse, long after, OrganizationScope scope) {
    this.sink = sink;
    this.sse = sse;
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
    await(
        sse.newEventBuilder()
            .id(Long.toString(event.sequence()))
            .name(EVENT_NAME)
            .mediaType(MediaType.APPLICATION_JSON_TYPE)
            .data(ChainedAuditEvent.class, event)
            .build());
    lastSent = event.sequence();
  }

  /** A comment line, which keeps the connection from looking idle. */
  void comment(String text) throws IOException {
    await(sse.newEventBuilder().comment(text).build());
  }

  void close() {
    if (!sink.isClosed()) {
      sink.close();
    }
  }

  private void await(OutboundSseEvent event) throws IOException {
    try {
      sink.send(event).toCompletableFuture().join();
    } catch (CompletionException | IllegalStateException e) {
      throw new IOException("the client went away", e);
    }
  }
}
