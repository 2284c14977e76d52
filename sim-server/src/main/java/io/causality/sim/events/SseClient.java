package io.causality.sim.events;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * One client's SSE connection, written by its stream's thread only. Every write waits until
 * Jersey has handed the frame to the connection, so a failed write (the client went away)
 * surfaces here as an {@link IOException}.
 */
public final class SseClient implements StreamClient {
  private final SseEventSink sink;
  private final Sse sse;

  public SseClient(SseEventSink sink, Sse sse) {
    this.sink = sink;
    this.sse = sse;
  }

  @Override
  public void comment(String text) throws IOException {
    await(sink, sse.newEventBuilder().comment(text).build());
  }

  @Override
  public void send(String name, String id, String data) throws IOException {
    OutboundSseEvent event = sse.newEventBuilder().name(name).id(id)
        .mediaType(MediaType.TEXT_PLAIN_TYPE).data(String.class, data).build();
    await(sink, event);
  }

  @Override
  public void close() {
    if (!sink.isClosed()) {
      sink.close();
    }
  }

  private static void await(SseEventSink sink, OutboundSseEvent event) throws IOException {
    try {
      CompletionStage<?> sent = sink.send(event);
      sent.toCompletableFuture().join();
    } catch (CompletionException | IllegalStateException e) {
      throw new IOException("The client went away", e);
    }
  }
}
