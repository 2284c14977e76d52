package io.causality.sim.events;

import io.causality.common.sse.SseConnection;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.List;

/**
 * One client's SSE connection ({@link SseConnection}): a batch of frames is one write, so a failed
 * write (the client went away) surfaces as an {@link IOException}.
 */
public final class SseClient implements StreamClient {
  private final SseConnection connection;

  public SseClient(SseConnection connection) {
    this.connection = connection;
  }

  @Override
  public void comment(String text) throws IOException {
    connection.comment(text);
  }

  @Override
  public void probe() throws IOException {
    connection.comment("");
  }

  @Override
  public void send(List<Frame> frames) throws IOException {
    connection.send(
        connection
            .event()
            .mediaType(MediaType.SERVER_SENT_EVENTS_TYPE)
            .data(SseFrames.class, new SseFrames(frames))
            .build());
  }

  @Override
  public void close() {
    connection.close();
  }
}
