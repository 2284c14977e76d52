package io.causality.sim.events;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletionException;

/**
 * One client's Jersey SSE connection. Every write waits until Jersey has handed the frames to the
 * connection, so a failed write (the client went away) surfaces as an {@link IOException}.
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
    await(sse.newEventBuilder().comment(text).build());
  }

  @Override
  public void probe() throws IOException {
    await(sse.newEventBuilder().comment("").build());
  }

  @Override
  public void send(List<Frame> frames) throws IOException {
    await(
        sse.newEventBuilder()
            .mediaType(MediaType.SERVER_SENT_EVENTS_TYPE)
            .data(SseFrames.class, new SseFrames(frames))
            .build());
  }

  @Override
  public void close() {
    if (!sink.isClosed()) {
      sink.close();
    }
  }

  private void await(OutboundSseEvent event) throws IOException {
    try {
      sink.send(event).toCompletableFuture().join();
    } catch (CompletionException | IllegalStateException e) {
      throw new IOException("The client went away", e);
    }
  }
}
