package io.causality.sim.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.EventReplay;
import io.causality.sim.core.errors.WorkingMemoryExhaustedException;
import io.causality.sim.core.events.EventId;
import io.causality.sim.engine.output.AgentSelection;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's stream: a bounded queue that publishers fill without waiting, and the thread that
 * empties it into the connection, sends heartbeats, and reads from storage what the client missed
 * (a resume, a batch too large to buffer). A client further behind than its {@link Buffer} allows,
 * in events or in bytes (a tick of 2,000 agents is some 300 KB), is sent {@code error} {@code
 * SLOW_CONSUMER} and disconnected; its queued events are dropped at once, so it never holds more
 * memory.
 *
 * <p>A client that goes away without a word (a closed tab, a killed process) is found by a failed
 * write: when nothing else was written for a {@link Pace#probeNanos() probe interval}, the stream
 * writes a comment line, which costs the client nothing. The first write after the client left is
 * accepted by the kernel, which learns from the client's answer that the connection is gone, so the
 * next one fails: the stream ends and its slot is freed within two probe intervals, not two
 * heartbeats. A heartbeat is an event the spec times (30 seconds); a probe is not an event.
 *
 * <p>{@code cursor} is the last event the client has (or the position it started from): every event
 * sent is after it, so nothing is sent twice, and every message that is not an event of the stream
 * (heartbeat, error) carries it as its id, so resuming from any id is exact.
 */
final class EventStream implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Frames sent in one write: what was queued meanwhile, up to about this many bytes. */
  private static final int WRITE_BYTES = 256 * 1024;

  /** What the publishers queue for the stream's thread. */
  private sealed interface Item permits Published, Notice, Ending, Signal {}

  private record Published(EncodedBatch batch) implements Item {}

  private record Notice(String code, String message) implements Item {}

  /** The simulation is gone: a last word, then the stream ends. */
  private record Ending(String code, String message) implements Item {}

  private enum Signal implements Item {
    OVERFLOW,
    SHUTDOWN
  }

  /** Reads back from storage the events between two positions ({@link EventReplay}). */
  @FunctionalInterface
  interface Replay {
    void replay(
        UUID simulationId,
        EventId after,
        EventId until,
        AgentSelection agents,
        EventReplay.Sink sink)
        throws IOException;
  }

  /**
   * How far behind a client may fall before it is cut.
   *
   * @param events queued events
   * @param bytes their encoded size
   */
  record Buffer(int events, long bytes) {}

  /**
   * How often the stream writes when nothing happens.
   *
   * @param heartbeatNanos the {@code heartbeat} event's interval
   * @param probeNanos the longest the connection stays unwritten: a comment line then
   */
  record Pace(long heartbeatNanos, long probeNanos) {}

  /**
   * Why a stream ended: its {@link #closeReason()}, counted by {@code
   * sim_event_streams_closed_total{reason}} under its {@link #label()}.
   */
  enum CloseReason {
    /** A write failed: the client went away (or never read again and its write timed out). */
    CLIENT_GONE("client"),
    /** The client fell too far behind ({@code SLOW_CONSUMER}). */
    SLOW_CONSUMER("slow_reader"),
    /** The server stops ({@code SHUTDOWN}). */
    SHUTDOWN("shutdown"),
    /** An unexpected failure of the stream ({@code INTERNAL}). */
    FAILED("error"),
    /** The simulation was deleted ({@code DELETED}). */
    SIMULATION_GONE("deleted"),
    /**
     * Events to read back from storage, with no working memory free to rebuild the simulation
     * ({@code SERVICE_UNAVAILABLE}).
     */
    NO_WORKING_MEMORY("working_memory");

    private final String label;

    CloseReason(String label) {
      this.label = label;
    }

    /** The metric's {@code reason} label (docs/operations.md, "Metrics"). */
    String label() {
      return label;
    }
  }

  /** The data of an {@code error} event. */
  private record ErrorData(String code, String message) {}

  private final UUID simulationId;
  private final AgentSelection agents;
  private final EventId position;
  private final StreamClient client;
  private final Replay replay;
  private final Consumer<EventStream> onClose;
  private final Buffer capacity;
  private final Pace pace;
  private final BlockingQueue<Item> queue = new LinkedBlockingQueue<>();
  private final AtomicInteger buffered = new AtomicInteger();
  private final AtomicLong bufferedBytes = new AtomicLong();
  private final List<Frame> pending = new ArrayList<>();
  private int pendingBytes;
  private volatile boolean overflowed;
  private volatile CloseReason closeReason;
  private EventId cursor;

  /**
   * Every event up to this position has been sent: the end of the last complete batch, which the
   * next batch follows from, though no event of the stream is numbered there ({@code 6-0} after
   * tick 5's last event, {@code 5-3}). Only a gap past it is read back from storage.
   */
  private EventId covered;

  private long lastWrite = System.nanoTime();

  /**
   * @param from the last event the client has: its {@code Last-Event-ID}, else {@code position}
   * @param position where the simulation's stream stood when this one was registered
   * @param agents the agents its {@code tick} events carry
   */
  EventStream(
      UUID simulationId,
      AgentSelection agents,
      EventId from,
      EventId position,
      StreamClient client,
      Replay replay,
      Consumer<EventStream> onClose,
      Buffer capacity,
      Pace pace) {
    this.simulationId = simulationId;
    this.agents = agents;
    this.cursor = from;
    this.covered = from;
    this.position = position;
    this.client = client;
    this.replay = replay;
    this.onClose = onClose;
    this.capacity = capacity;
    this.pace = pace;
  }

  UUID simulationId() {
    return simulationId;
  }

  AgentSelection agents() {
    return agents;
  }

  /** Why the stream ended; null while it runs. */
  CloseReason closeReason() {
    return closeReason;
  }

  /** From a publisher, under the simulation's lock: never blocks. */
  void offer(EncodedBatch batch) {
    if (overflowed) {
      return;
    }
    // both sums, always: what handle() takes off must have been put on
    boolean tooMany = buffered.addAndGet(batch.weight()) > capacity.events();
    boolean tooLarge = bufferedBytes.addAndGet(batch.bytes()) > capacity.bytes();
    if (tooMany || tooLarge) {
      overflowed = true;
      queue.clear();
      queue.offer(Signal.OVERFLOW);
      return;
    }
    queue.offer(new Published(batch));
  }

  void notice(String code, String message) {
    if (!overflowed) {
      queue.offer(new Notice(code, message));
    }
  }

  /** After what is queued: tell the client why there is nothing more, and close. */
  void end(String code, String message) {
    queue.offer(new Ending(code, message));
  }

  /** After what is queued: tell the client the server stops, and close. */
  void shutdown() {
    queue.offer(Signal.SHUTDOWN);
  }

  @Override
  public void run() {
    try {
      client.comment(
          "events of simulation "
              + simulationId
              + " after "
              + cursor.wire()
              + "; agents: "
              + agents.wireName());
      catchUp(position);
      flush();
      pump();
    } catch (IOException e) {
      closeReason = CloseReason.CLIENT_GONE;
      LOG.debug("Event stream of simulation {} ended: the client went away", simulationId);
    } catch (InterruptedException e) {
      closeReason = CloseReason.SHUTDOWN;
      Thread.currentThread().interrupt();
    } catch (WorkingMemoryExhaustedException e) {
      closeReason = CloseReason.NO_WORKING_MEMORY;
      lastWord(
          e.code(),
          "The server is busy with other large simulations and cannot read this one's events back"
              + " now; reconnect with Last-Event-ID after "
              + e.retryAfterSeconds()
              + " seconds to resume");
    } catch (RuntimeException e) {
      closeReason = CloseReason.FAILED;
      LOG.error("Event stream of simulation {} failed", simulationId, e);
      lastWord("INTERNAL", "The stream failed; reconnect with Last-Event-ID to resume");
    } finally {
      client.close();
      onClose.accept(this);
    }
  }

  private void pump() throws IOException, InterruptedException {
    long nextHeartbeat = System.nanoTime() + pace.heartbeatNanos();
    while (true) {
      long wake = Math.min(nextHeartbeat - System.nanoTime(), nextProbe());
      Item item = queue.poll(wake, TimeUnit.NANOSECONDS);
      // what else is queued goes out in the same write
      while (item != null) {
        if (!handle(item)) {
          return;
        }
        item = pendingBytes < WRITE_BYTES ? queue.poll() : null;
      }
      long now = System.nanoTime();
      if (now - nextHeartbeat >= 0) {
        add(Frame.of("heartbeat", cursor, ""));
        nextHeartbeat += pace.heartbeatNanos();
        if (now - nextHeartbeat > 0) {
          // after a long write, one heartbeat, not one per interval missed
          nextHeartbeat = now + pace.heartbeatNanos();
        }
      }
      flush();
      if (nextProbe() <= 0) {
        client.probe();
        lastWrite = System.nanoTime();
      }
    }
  }

  /** Nanoseconds until the connection has been unwritten for a probe interval. */
  private long nextProbe() {
    return lastWrite + pace.probeNanos() - System.nanoTime();
  }

  /** False when the stream must end (after its last word). */
  private boolean handle(Item item) throws IOException {
    if (item instanceof Published published) {
      deliver(latestToReadBack(taken(published)));
      return true;
    }
    if (item instanceof Notice notice) {
      add(Frame.of("error", cursor, errorData(notice.code(), notice.message())));
      return true;
    }
    if (item instanceof Ending ending) {
      closeReason = CloseReason.SIMULATION_GONE;
      lastWord(ending.code(), ending.message());
      return false;
    }
    if (item == Signal.OVERFLOW) {
      closeReason = CloseReason.SLOW_CONSUMER;
      lastWord(
          "SLOW_CONSUMER",
          "This client fell more than "
              + capacity.events()
              + " events or "
              + capacity.bytes()
              + " bytes behind and is disconnected; reconnect with Last-Event-ID to resume");
      return false;
    }
    closeReason = CloseReason.SHUTDOWN;
    lastWord("SHUTDOWN", "The server is shutting down; reconnect with Last-Event-ID to resume");
    return false;
  }

  private EncodedBatch taken(Published published) {
    buffered.addAndGet(-published.batch().weight());
    bufferedBytes.addAndGet(-published.batch().bytes());
    return published.batch();
  }

  /**
   * A batch too large to publish, and those like it queued right behind it (a playing simulation
   * whose ticks are too large outpaces a stream that reads them back): the last of them, so that
   * their events are read back from storage in one pass, not with one rebuild each.
   */
  private EncodedBatch latestToReadBack(EncodedBatch batch) {
    EncodedBatch latest = batch;
    while (!latest.complete()
        && queue.peek() instanceof Published next
        && !next.batch().complete()
        // false when a publisher emptied the queue meanwhile (the stream overflowed)
        && queue.remove(next)) {
      latest = taken(next);
    }
    return latest;
  }

  private void deliver(EncodedBatch batch) throws IOException {
    if (!batch.complete()) {
      catchUp(batch.until());
      return;
    }
    // a change stored by another instance may not have reached this stream yet
    catchUp(batch.follows());
    for (Frame frame : batch.frames()) {
      send(frame);
    }
    cover(batch.until());
  }

  /** Sends from storage what lies between the cursor and {@code until}, unless it was all sent. */
  private void catchUp(EventId until) throws IOException {
    if (until.isAfter(covered)) {
      replay.replay(simulationId, cursor, until, agents, event -> send(Frame.of(event, agents)));
      cursor = until;
      cover(until);
    }
  }

  private void cover(EventId position) {
    if (position.isAfter(covered)) {
      covered = position;
    }
  }

  private void send(Frame frame) throws IOException {
    if (frame.id().isAfter(cursor)) {
      add(frame);
      cursor = frame.id();
      cover(cursor);
    }
  }

  private void add(Frame frame) throws IOException {
    pending.add(frame);
    pendingBytes += frame.bytes().length;
    if (pendingBytes >= WRITE_BYTES) {
      flush();
    }
  }

  private void flush() throws IOException {
    if (!pending.isEmpty()) {
      List<Frame> frames = List.copyOf(pending);
      pending.clear();
      pendingBytes = 0;
      client.send(frames);
      lastWrite = System.nanoTime();
    }
  }

  /** What is pending, then an error before closing; the client may already be gone. */
  private void lastWord(String code, String message) {
    try {
      add(Frame.of("error", cursor, errorData(code, message)));
      flush();
    } catch (IOException e) {
      LOG.debug("Could not tell a client of simulation {} why its stream ends", simulationId);
    }
  }

  private static String errorData(String code, String message) {
    try {
      return JSON.writeValueAsString(new ErrorData(code, message));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("An error event could not be written", e);
    }
  }
}
