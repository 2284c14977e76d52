package io.causality.common.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseBroadcaster;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** A write that Jersey finished returns; one that failed, or a closed sink, is an IOException. */
class SseConnectionTest {
  private static final OutboundSseEvent EVENT = null; // the sink below only records it

  @Test
  void aWriteReturnsOnceTheSinkHasSentTheEvent() throws IOException {
    FakeSink sink = new FakeSink(event -> CompletableFuture.completedFuture(null));

    new SseConnection(sink, new NoSse()).send(EVENT);

    assertThat(sink.sent).hasSize(1);
  }

  @Test
  void aWriteThatFailedIsAnIoException() {
    FakeSink sink = new FakeSink(event -> CompletableFuture.failedFuture(new IOException("reset")));

    assertThatThrownBy(() -> new SseConnection(sink, new NoSse()).send(EVENT))
        .isInstanceOf(IOException.class)
        .hasMessage("the client went away");
  }

  @Test
  void aWriteToAClosedSinkIsAnIoException() {
    FakeSink sink =
        new FakeSink(
            event -> {
              throw new IllegalStateException("closed");
            });

    assertThatThrownBy(() -> new SseConnection(sink, new NoSse()).send(EVENT))
        .isInstanceOf(IOException.class);
  }

  @Test
  void closingClosesTheSinkOnce() {
    FakeSink sink = new FakeSink(event -> CompletableFuture.completedFuture(null));
    SseConnection connection = new SseConnection(sink, new NoSse());

    connection.close();
    connection.close();

    assertThat(sink.closes).isEqualTo(1);
  }

  private static final class FakeSink implements SseEventSink {
    private final Function<OutboundSseEvent, CompletionStage<?>> answer;
    private final List<OutboundSseEvent> sent = new ArrayList<>();
    private int closes;

    FakeSink(Function<OutboundSseEvent, CompletionStage<?>> answer) {
      this.answer = answer;
    }

    @Override
    public boolean isClosed() {
      return closes > 0;
    }

    @Override
    public CompletionStage<?> send(OutboundSseEvent event) {
      sent.add(event);
      return answer.apply(event);
    }

    @Override
    public void close() {
      closes++;
    }
  }

  private static final class NoSse implements Sse {
    @Override
    public OutboundSseEvent.Builder newEventBuilder() {
      throw new UnsupportedOperationException();
    }

    @Override
    public SseBroadcaster newBroadcaster() {
      throw new UnsupportedOperationException();
    }
  }
}
