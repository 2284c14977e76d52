package io.causality.sim.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.testing.SseTestClient.Event;
import java.util.List;

/** Checks on the ids of an event stream: {@code <tick>-<index>}, contiguous, no repeats. */
public final class EventIds {
  private EventIds() {}

  public static long tick(Event event) {
    return Long.parseLong(event.id().substring(0, event.id().indexOf('-')));
  }

  public static int index(Event event) {
    return Integer.parseInt(event.id().substring(event.id().indexOf('-') + 1));
  }

  /** The events of the stream proper: not heartbeats, not errors (they repeat the last id). */
  public static List<Event> numbered(List<Event> events) {
    return events.stream()
        .filter(e -> !e.name().equals("heartbeat") && !e.name().equals("error"))
        .toList();
  }

  /**
   * Each event follows the one before: the next index of the same tick, or index 1 of the next
   * tick. Nothing missing, nothing twice.
   */
  public static void assertContiguous(List<Event> events) {
    List<Event> numbered = numbered(events);
    for (int k = 1; k < numbered.size(); k++) {
      Event before = numbered.get(k - 1);
      Event event = numbered.get(k);
      boolean nextInTick = tick(event) == tick(before) && index(event) == index(before) + 1;
      boolean nextTick = tick(event) == tick(before) + 1 && index(event) == 1;
      assertThat(nextInTick || nextTick).as("%s follows %s", event.id(), before.id()).isTrue();
    }
  }
}
