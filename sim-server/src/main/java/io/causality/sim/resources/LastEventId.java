package io.causality.sim.resources;

import io.causality.sim.core.events.EventId;

/**
 * The {@code Last-Event-ID} header of an event stream. Jersey reads it through {@link #valueOf}, so
 * a malformed one answers 400 naming the header, together with any other bad parameter.
 */
public record LastEventId(EventId id) {
  public static LastEventId valueOf(String text) {
    if (text.isBlank()) {
      return null; // no id: the stream starts from now
    }
    return EventId.parse(text)
        .map(LastEventId::new)
        .orElseThrow(
            () -> new IllegalArgumentException("must be an event id <tick>-<index>, such as 41-3"));
  }
}
