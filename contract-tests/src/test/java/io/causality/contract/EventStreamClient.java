package io.causality.contract;

import com.launchdarkly.eventsource.ConnectStrategy;
import com.launchdarkly.eventsource.ErrorStrategy;
import com.launchdarkly.eventsource.EventSource;
import com.launchdarkly.eventsource.HttpConnectStrategy;
import com.launchdarkly.eventsource.MessageEvent;
import com.launchdarkly.eventsource.StreamException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A Server-Sent Events stream read with okhttp-eventsource, the way docs/api-contract.md shows a
 * Java client consuming the event streams: a standard SSE client, not a generated method (the
 * stream operations are {@code x-internal}, so generators make none). Any failure throws rather
 * than reconnecting, so that a test sees it.
 */
final class EventStreamClient implements AutoCloseable {
  private final EventSource source;

  private EventStreamClient(EventSource source) {
    this.source = source;
  }

  /**
   * Opens the stream at {@code url} with the request {@code headers}, resuming after {@code
   * lastEventId} when it is not null; returns once the server accepted it (200).
   */
  static EventStreamClient open(String url, Map<String, String> headers, String lastEventId)
      throws StreamException {
    // the strategy is immutable: each header gives a new one
    HttpConnectStrategy http =
        ConnectStrategy.http(URI.create(url)).readTimeout(60, TimeUnit.SECONDS);
    for (Map.Entry<String, String> header : headers.entrySet()) {
      http = http.header(header.getKey(), header.getValue());
    }
    EventSource.Builder builder =
        new EventSource.Builder(http).errorStrategy(ErrorStrategy.alwaysThrow());
    if (lastEventId != null) {
      builder.lastEventId(lastEventId);
    }
    EventSource source = builder.build();
    source.start();
    return new EventStreamClient(source);
  }

  /** The events up to and including the first that {@code last} accepts. */
  List<MessageEvent> readUntil(Predicate<MessageEvent> last) throws StreamException {
    List<MessageEvent> events = new ArrayList<>();
    MessageEvent event;
    do {
      event = source.readMessage();
      events.add(event);
    } while (!last.test(event));
    return events;
  }

  @Override
  public void close() {
    source.close();
  }
}
