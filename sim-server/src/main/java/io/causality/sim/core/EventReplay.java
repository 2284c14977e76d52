package io.causality.sim.core;

import io.causality.sim.core.events.EventId;
import io.causality.sim.core.events.EventRecorder;
import io.causality.sim.core.events.Preludes;
import io.causality.sim.core.events.SimulationEvent;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.StatusChangeDao;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.AgentSelection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * Derives a simulation's events again from what is stored, for a listener that missed them (a
 * resume with {@code Last-Event-ID}, a change too large to buffer). The engine is deterministic, so
 * the events, ids and bytes are those the live stream sent. It runs on the listener's thread,
 * without the simulation's lock: what it reads up to a position that was stored is never changed
 * again.
 */
public final class EventReplay {
  /** Where replayed events go, in order; it may block (a client reading slowly). */
  @FunctionalInterface
  public interface Sink {
    void accept(SimulationEvent event) throws IOException;
  }

  private final Jdbi jdbi;
  private final SimulationAccess access;
  private final SimulationLoader loader;

  public EventReplay(Jdbi jdbi, SimulationAccess access, SimulationLoader loader) {
    this.jdbi = jdbi;
    this.access = access;
    this.loader = loader;
  }

  /**
   * Sends every event after {@code after} up to {@code until} (a position the stream reached), in
   * order. The cost is one rebuild from the nearest snapshot plus the ticks in between. A large
   * simulation's rebuild takes its turn for the working memory, and keeps what its engine holds
   * until the last tick is sent.
   *
   * @throws io.causality.sim.core.errors.WorkingMemoryExhaustedException when other large work
   *     holds the heap a rebuild needs
   */
  public void replay(UUID id, EventId after, EventId until, Sink sink) throws IOException {
    replay(id, after, until, AgentSelection.ALL, sink);
  }

  /** The same, {@code tick} events carrying the {@code agents} the listener asked for. */
  public void replay(UUID id, EventId after, EventId until, AgentSelection agents, Sink sink)
      throws IOException {
    try {
      SimulationRow row = access.find(id);
      List<InputRow> inputs = jdbi.withExtension(InputDao.class, dao -> dao.all(id));
      Preludes preludes =
          Preludes.of(
              inputs, jdbi.withExtension(StatusChangeDao.class, dao -> dao.upTo(id, until.tick())));
      Forward forward = new Forward(after, sink);
      if (after.tick() < until.tick()) {
        replayTicks(row, preludes, after.tick(), until.tick(), agents, forward);
      }
      int last = Math.min(until.index(), preludes.count(until.tick()));
      for (int index = 1; index <= last; index++) {
        forward.accept(preludes.event(until.tick(), index));
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private void replayTicks(
      SimulationRow row,
      Preludes preludes,
      long from,
      long to,
      AgentSelection agents,
      Forward forward) {
    // the rebuild's peak, then the engine and each tick's events while the listener reads them
    try (WorkingMemory.Reservation reserved = loader.reserveFor(row)) {
      Simulation simulation = loader.atTick(row, from);
      reserved.keepOnly(
          WorkingMemory.heapWhileStreaming(
              simulation.agentCount(), simulation.scenarioBytesHeld()));
      EventRecorder recorder = new EventRecorder(preludes, forward, Set.of(agents));
      for (long tick = from; tick < to; tick++) {
        if (tick > from) {
          preludes
              .inputsAt(tick)
              .forEach(input -> simulation.submit(SimulationLoader.scheduled(input)));
        }
        for (int index = 1; index <= preludes.count(tick); index++) {
          forward.accept(preludes.event(tick, index));
        }
        simulation.advance(1, recorder);
      }
    }
  }

  /** Passes on the events after the cursor; the engine's callbacks cannot throw IOException. */
  private static final class Forward implements EventRecorder.Target {
    private final EventId after;
    private final Sink sink;

    Forward(EventId after, Sink sink) {
      this.after = after;
      this.sink = sink;
    }

    @Override
    public boolean accept(SimulationEvent event) {
      if (event.id().isAfter(after)) {
        try {
          sink.accept(event);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      return true;
    }
  }
}
