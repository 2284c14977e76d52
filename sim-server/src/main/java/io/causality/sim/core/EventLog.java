package io.causality.sim.core;

import io.causality.sim.core.errors.InvalidInputException;
import io.causality.sim.core.events.EventId;
import io.causality.sim.core.organization.Caller;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;
import java.util.UUID;

/**
 * A simulation's event log ({@code GET /v1/simulations/{id}/event-log}, docs/simulations.md): the
 * events its stream told or would have told, derived again from what is stored ({@link
 * EventReplay}), from the start or after a given event, up to where the simulation stood when the
 * log was asked for. The same events, ids and bytes as the live stream: a client that cannot hold a
 * stream (its license's streams are all open) follows a simulation by asking for the log after the
 * last event it has.
 */
public final class EventLog {
  /** The events of a log: those after {@code after} up to {@code until}, both positions. */
  public record Span(UUID simulationId, EventId after, EventId until) {}

  private final SimulationPublisher publisher;
  private final EventReplay replay;

  public EventLog(SimulationPublisher publisher, EventReplay replay) {
    this.publisher = publisher;
    this.replay = replay;
  }

  /**
   * Checks the caller's access and where the simulation stands (under its lock, briefly): the span
   * from {@code after} (absent: the start) to there. 400 for a position the simulation has not
   * reached, as {@code Last-Event-ID}.
   */
  public Span span(Caller caller, UUID id, Optional<EventId> after) {
    EventId until = publisher.listen(caller, id, (row, position) -> position);
    EventId from = after.orElse(EventId.before(0));
    if (from.isAfter(until)) {
      throw InvalidInputException.field(
          "after", "is after the simulation's last event " + until.wire());
    }
    return new Span(id, from, until);
  }

  /** Writes the span's events in {@code format}; tick events only when {@code ticks}. */
  public void write(Span span, boolean ticks, EventLogFormat format, OutputStream out)
      throws IOException {
    try (EventLogFormat.Writer writer = format.writer(out)) {
      replay.replay(
          span.simulationId(),
          span.after(),
          span.until(),
          event -> {
            if (ticks || !"tick".equals(event.name())) {
              writer.write(event);
            }
          });
    }
  }
}
