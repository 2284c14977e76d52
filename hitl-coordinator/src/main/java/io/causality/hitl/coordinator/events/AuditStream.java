package io.causality.hitl.coordinator.events;

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
  private long lastSent;

  AuditStream(SseEventSink sink, Sse sse, long after) {
    this.sink = sink;
    this.sse = sse;
    this.lastSent = after;
  }

  long lastSent() {
    return lastSent;
  }

  /** Sends one event as {@code id: <sequence>}, {@code event: audit}, {@code data: <json>}. */
  void send(ChainedAuditEvent event) throws IOException {
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
