package io.causality.sim.core.events;

import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An event's place in its simulation's stream, and its SSE {@code id:}, {@code <tick>-<index>}
 * (docs/simulations.md). The events of tick t are those made while the simulation stood before tick
 * t (inputs submitted, status changes), then those of computing tick t; {@code index} counts them
 * from 1. Index 0 is the point before tick t's first event, so {@code 41-0} is a cursor that has
 * seen everything of ticks 0 to 40.
 *
 * <p>Everything that places an event is stored or derived from what is stored, so an id names the
 * same event after a restart, and {@code Last-Event-ID} resumes exactly.
 */
public record EventId(long tick, int index) implements Comparable<EventId> {
  private static final Pattern WIRE = Pattern.compile("(0|[1-9][0-9]{0,17})-(0|[1-9][0-9]{0,8})");
  private static final Comparator<EventId> ORDER =
      Comparator.comparingLong(EventId::tick).thenComparingInt(EventId::index);

  public EventId {
    if (tick < 0 || index < 0) {
      throw new IllegalArgumentException("tick and index must not be negative");
    }
  }

  /** The point before the first event of {@code tick}. */
  public static EventId before(long tick) {
    return new EventId(tick, 0);
  }

  /** An id as a client sends it back; empty when the text is not one. */
  public static Optional<EventId> parse(String text) {
    Matcher matcher = WIRE.matcher(text.strip());
    if (!matcher.matches()) {
      return Optional.empty();
    }
    return Optional.of(
        new EventId(Long.parseLong(matcher.group(1)), Integer.parseInt(matcher.group(2))));
  }

  public String wire() {
    return tick + "-" + index;
  }

  public EventId next() {
    return new EventId(tick, index + 1);
  }

  public boolean isAfter(EventId other) {
    return compareTo(other) > 0;
  }

  @Override
  public int compareTo(EventId other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    return wire();
  }
}
