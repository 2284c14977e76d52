package io.causality.sim.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.EventBatch;
import io.causality.sim.core.EventId;
import io.causality.sim.core.EventReplay;
import io.causality.sim.core.SimulationEvent;
import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client's stream: a bounded queue that publishers fill without waiting, and the thread
 * that empties it into the connection, sends heartbeats, and reads from storage what the
 * client missed (a resume, a batch too large to buffer). A client more than
 * {@code clientBuffer} events behind is sent {@code error} {@code SLOW_CONSUMER} and
 * disconnected; its queued events are dropped at once, so it never holds more memory.
 *
 * <p>{@code cursor} is the last event the client has (or the position it started from): every
 * event sent is after it, so nothing is sent twice, and every message that is not an event of
 * the stream (heartbeat, error) carries it as its id, so resuming from any id is exact.
 */
final class EventStream implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the publishers queue for the stream's thread. */
  private sealed interface Item permits Published, Notice, Signal {}

  private record Published(EventBatch batch) implements Item {}

  private record Notice(String code, String message) implements Item {}

  private enum Signal implements Item { OVERFLOW, SHUTDOWN }

  /** Reads back from storage the events between two positions ({@link EventReplay}). */
  @FunctionalInterface
  interface Replay {
    void replay(UUID simulationId, EventId after, EventId until, EventReplay.Sink sink)
        throws IOException;
  }

  private final UUID simulationId;
  private final EventId position;
  private final StreamClient client;
  private final Replay replay;
  private final Consumer<EventStream> onClose;
  private final int capacity;
  private final long heartbeatNanos;
  private final BlockingQueue<Item> queue = new LinkedBlockingQueue<>();
  private final AtomicInteger buffered = new AtomicInteger();
  private volatile boolean overflowed;
  private EventId cursor;

  /**
   * @param from the last event the client has: its {@code Last-Event-ID}, else
   *     {@code position}
   * @param position where the stream stood when the stream was registered
   */
  EventStream(UUID simulationId, EventId from, EventId position, StreamClient client,
      Replay replay, Consumer<EventStream> onClose, int capacity, long heartbeatNanos) {
    this.simulationId = simulationId;
    this.cursor = from;
    this.position = position;
    this.client = client;
    this.replay = replay;
    this.onClose = onClose;
    this.capacity = capacity;
    this.heartbeatNanos = heartbeatNanos;
  }

  UUID simulationId() {
    return simulationId;
  }

  /** From a publisher, under the simulation's lock: never blocks. */
  void offer(EventBatch batch) {
    if (overflowed) {
      return;
    }
    if (buffered.addAndGet(batch.weight()) > capacity) {
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

  /** After what is queued: tell the client the server stops, and close. */
  void shutdown() {
    queue.offer(Signal.SHUTDOWN);
  }

  @Override
  public void run() {
    try {
      client.comment("events of simulation " + simulationId + " after " + cursor.wire());
      catchUp(position);
      pump();
    } catch (IOException e) {
      LOG.debug("Event stream of simulation {} ended: the client went away", simulationId);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      LOG.error("Event stream of simulation {} failed", simulationId, e);
      sendError("INTERNAL", "The stream failed; reconnect with Last-Event-ID to resume");
    } finally {
      client.close();
      onClose.accept(this);
    }
  }

  private void pump() throws IOException, InterruptedException {
    long nextHeartbeat = System.nanoTime() + heartbeatNanos;
    while (true) {
      Item item = queue.poll(nextHeartbeat - System.nanoTime(), TimeUnit.NANOSECONDS);
      if (item != null && !handle(item)) {
        return;
      }
      if (System.nanoTime() - nextHeartbeat >= 0) {
        client.send("heartbeat", cursor.wire(), "");
        nextHeartbeat += heartbeatNanos;
      }
    }
  }

  /** False when the stream must end. */
  private boolean handle(Item item) throws IOException {
    if (item instanceof Published published) {
      buffered.addAndGet(-published.batch().weight());
      deliver(published.batch());
      return true;
    }
    if (item instanceof Notice notice) {
      client.send("error", cursor.wire(), errorData(notice.code(), notice.message()));
      return true;
    }
    if (item == Signal.OVERFLOW) {
      sendError("SLOW_CONSUMER", "This client fell more than " + capacity
          + " events behind and is disconnected; reconnect with Last-Event-ID to resume");
      return false;
    }
    sendError("SHUTDOWN", "The server is shutting down; reconnect with Last-Event-ID to resume");
    return false;
  }

  private void deliver(EventBatch batch) throws IOException {
    if (!batch.complete()) {
      catchUp(batch.until());
      return;
    }
    for (SimulationEvent event : batch.events()) {
      send(event);
    }
  }

  /** Sends from storage what lies between the cursor and {@code until}. */
  private void catchUp(EventId until) throws IOException {
    if (until.isAfter(cursor)) {
      replay.replay(simulationId, cursor, until, this::send);
      cursor = until;
    }
  }

  private void send(SimulationEvent event) throws IOException {
    if (event.id().isAfter(cursor)) {
      client.send(event.name(), event.id().wire(), event.data());
      cursor = event.id();
    }
  }

  /** A last word before closing; the client may already be gone. */
  private void sendError(String code, String message) {
    try {
      client.send("error", cursor.wire(), errorData(code, message));
    } catch (IOException e) {
      LOG.debug("Could not tell a client of simulation {} why its stream ends", simulationId);
    }
  }

  /** The data of an {@code error} event. */
  private record ErrorData(String code, String message) {}

  private static String errorData(String code, String message) {
    try {
      return JSON.writeValueAsString(new ErrorData(code, message));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("An error event could not be written", e);
    }
  }
}
