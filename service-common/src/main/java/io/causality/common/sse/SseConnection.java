package io.causality.common.sse;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.CompletionException;

/**
 * One client's Jersey Server-Sent Events connection, as both services' streams write to it. Every
 * write waits until Jersey has handed the event to the connection, so that a client that went away
 * surfaces as an {@link IOException} at the write that found it, and the stream can free its slot.
 */
public final class SseConnection {
  private final SseEventSink sink;
  private final Sse sse;

  public SseConnection(SseEventSink sink, Sse sse) {
    this.sink = Objects.requireNonNull(sink, "sink");
    this.sse = Objects.requireNonNull(sse, "sse");
  }

  /** A builder of the next event. */
  public OutboundSseEvent.Builder event() {
    return sse.newEventBuilder();
  }

  /** Sends {@code event} and waits until Jersey has written it. */
  public void send(OutboundSseEvent event) throws IOException {
    try {
      sink.send(event).toCompletableFuture().join();
    } catch (CompletionException | IllegalStateException e) {
      throw new IOException("the client went away", e);
    }
  }

  /** A comment line, which keeps the connection from looking idle. */
  public void comment(String text) throws IOException {
    send(event().comment(text).build());
  }

  /** Closes the connection unless it is closed already. */
  public void close() {
    if (!sink.isClosed()) {
      sink.close();
    }
  }
}
