package io.causality.sim.core;

import io.causality.sim.core.errors.WorkingMemoryExhaustedException;
import io.causality.sim.metrics.SimMetrics;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The heap that large work may take at once: parsing a large request body (a scenario of 100,000
 * agents), building a new simulation of a domain adapter's scenario (create-and-run's until its
 * trace is written), rebuilding an engine instance from its stored scenario or snapshot, replaying
 * a trace while it streams. Each piece of work reserves its estimate for as long as it runs. One
 * that does not fit waits, in turn, up to {@code wait} for the room, and is then refused with 503
 * SERVICE_UNAVAILABLE; one larger than the whole budget is cut to the budget, so that it runs alone
 * instead of never.
 *
 * <p>Why: three concurrent creates of 100,000 agents ended a service on the packaged 512 MB heap
 * with an OutOfMemoryError, as did six concurrent steps of such simulations that had to be rebuilt
 * (docs/operations.md, "Memory"). Memory is reserved by bytes of JSON, which is known before the
 * work starts; {@link #HEAP_PER_JSON_BYTE} turns them into heap.
 */
public final class WorkingMemory {
  /**
   * The heap a scenario's JSON takes per byte while it is read into a tree and then into the
   * engine's model, with the engine instance built from it: a create of 100,000 agents (a 10.8 MB
   * body) raised the live heap by about 260 MB (GC log, 2026-11-29).
   */
  public static final int HEAP_PER_JSON_BYTE = 24;

  /**
   * The heap a new simulation takes per agent while it is built and stored, for a scenario that
   * came without its JSON (a domain adapter's): its agents' JSON, about 108 bytes each in that
   * create, at {@link #HEAP_PER_JSON_BYTE}.
   */
  public static final int HEAP_PER_AGENT = 108 * HEAP_PER_JSON_BYTE;

  /**
   * Work under this takes no turn: 64 KiB of JSON (a scenario of about 600 agents), a few megabytes
   * of heap at most.
   */
  public static final long SMALL_WORK = 64 * 1024 * HEAP_PER_JSON_BYTE;

  /**
   * The heap an engine instance takes per agent while its ticks stream to a client: the instance
   * (about 420 bytes an agent, {@code config.SimulationsConfig}) and a tick of every agent being
   * written (up to 180 bytes of JSON an agent, the epidemic domain's: 17.7 MB a tick of 100,000; as
   * text, then as bytes, each with its buffer).
   */
  public static final int HEAP_PER_STREAMED_AGENT = 420 + 4 * 180;

  /** Reservations count kibibytes, so that a budget of terabytes fits a semaphore's int. */
  private static final int UNIT = 1024;

  private final Semaphore free;
  private final int budgetUnits;
  private final Duration wait;
  private final long smallWork;

  /** The reservation this thread holds: work it calls while holding one reserves nothing more. */
  private final ThreadLocal<Reservation> held = new ThreadLocal<>();

  /**
   * @param budgetBytes the heap all large work may take at once
   * @param wait how long work waits for room before it is refused
   */
  public WorkingMemory(long budgetBytes, Duration wait) {
    this(budgetBytes, wait, SMALL_WORK);
  }

  /** The same, with work under {@code smallWork} bytes taking no turn (tests: 0, none). */
  public WorkingMemory(long budgetBytes, Duration wait, long smallWork) {
    if (budgetBytes < UNIT) {
      throw new IllegalArgumentException("the working memory must be at least 1 KiB");
    }
    this.budgetUnits = (int) Math.min(Integer.MAX_VALUE, budgetBytes / UNIT);
    this.free = new Semaphore(budgetUnits, true);
    this.wait = wait;
    this.smallWork = smallWork;
  }

  /** The heap of a new simulation of {@code agents} agents; see {@link #reserve}. */
  public Reservation reserveForAgents(int agents) {
    return reserve(heapOfAgents(agents));
  }

  /** The heap a new simulation of {@code agents} agents takes while it is built and stored. */
  public static long heapOfAgents(int agents) {
    return (long) agents * HEAP_PER_AGENT;
  }

  /**
   * The heap an engine instance of {@code agents} agents holds while its ticks stream, with the
   * {@code scenarioBytes} it keeps of its scenario ({@code Simulation.scenarioBytesHeld}: 25.8 MB
   * at 100,000 agents of the epidemic domain).
   */
  public static long heapWhileStreaming(int agents, long scenarioBytes) {
    return (long) agents * HEAP_PER_STREAMED_AGENT + scenarioBytes;
  }

  /** The heap of the JSON work on {@code jsonBytes} bytes; see {@link #reserve}. */
  public Reservation reserveForJson(long jsonBytes) {
    return reserve(jsonBytes * HEAP_PER_JSON_BYTE);
  }

  /**
   * Reserves {@code bytes} of heap (at most the whole budget) until the reservation is closed,
   * waiting for room in turn. Small work ({@link #SMALL_WORK}), and a thread that already holds a
   * reservation, get an empty one at once: the latter's first was sized for all of its request, and
   * waiting for itself would never end.
   *
   * @throws WorkingMemoryExhaustedException when there was no room within the wait
   */
  public Reservation reserve(long bytes) {
    Reservation current = held.get();
    if (bytes < smallWork || current != null && current.isOpen()) {
      return new Reservation(0);
    }
    int units = (int) Math.max(1, Math.min(budgetUnits, (bytes + UNIT - 1) / UNIT));
    try {
      if (!free.tryAcquire(units, wait.toNanos(), TimeUnit.NANOSECONDS)) {
        SimMetrics.WORKING_MEMORY_REFUSED.inc();
        throw new WorkingMemoryExhaustedException(retryAfterSeconds());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WorkingMemoryExhaustedException(retryAfterSeconds());
    }
    Reservation reservation = new Reservation(units);
    held.set(reservation);
    SimMetrics.WORKING_MEMORY_RESERVED.inc((double) units * UNIT);
    return reservation;
  }

  /**
   * Reserves {@code bytes} as {@link #reserve} does, for the rest of this thread's request: for
   * work whose objects live until its answer is written (create-and-run's trace). The request's
   * filter gives it back ({@link #releaseThread}).
   */
  public void reserveForRequest(long bytes) {
    reserve(bytes);
  }

  /**
   * An empty reservation that work which can do without the heap grows only as far as there is room
   * at once ({@link Reservation#tryGrowTo}): the events of ticks kept for live streams, which are
   * read back from storage in turn when there is none. It is not this thread's: a later {@link
   * #reserve} on the thread still takes its turn.
   */
  public Reservation growable() {
    return new Reservation(0);
  }

  /** Gives back what this thread holds: the end of its request. */
  public void releaseThread() {
    Reservation current = held.get();
    if (current != null) {
      current.close();
    }
    held.remove();
  }

  /** The bytes reserved now. */
  public long reservedBytes() {
    return (long) (budgetUnits - free.availablePermits()) * UNIT;
  }

  /** When to try again: the wait, which other work had to finish within, at least a second. */
  private long retryAfterSeconds() {
    return Math.max(1, wait.toSeconds());
  }

  /**
   * Heap reserved for one piece of work; closing it (once) gives the room back. Used by the thread
   * that took it.
   */
  public final class Reservation implements AutoCloseable {
    private int units;
    private volatile boolean closed;

    private Reservation(int units) {
      this.units = units;
    }

    private boolean isOpen() {
      return !closed;
    }

    /**
     * Past the peak of its work (a rebuild), keeps {@code bytes} of the reservation (never more
     * than it holds) and gives the rest back: what the work holds while it streams to a client who
     * may read for minutes.
     */
    public void keepOnly(long bytes) {
      int keep = (int) Math.min(units, (bytes + UNIT - 1) / UNIT);
      if (closed || keep == units) {
        return;
      }
      int back = units - keep;
      units = keep;
      free.release(back);
      SimMetrics.WORKING_MEMORY_RESERVED.dec((double) back * UNIT);
    }

    /**
     * Holds {@code bytes} in all if there is room now, without waiting and ahead of no work that is
     * waiting for its turn; work under {@link #SMALL_WORK} takes no room. Returns whether it holds
     * them.
     */
    public boolean tryGrowTo(long bytes) {
      if (bytes < smallWork) {
        return true;
      }
      long wanted = (bytes + UNIT - 1) / UNIT;
      if (closed || wanted > budgetUnits) {
        return false;
      }
      int more = (int) wanted - units;
      if (more <= 0) {
        return true;
      }
      try {
        // with a timeout, tryAcquire honours the semaphore's fairness: no barging past a waiter
        if (!free.tryAcquire(more, 0, TimeUnit.NANOSECONDS)) {
          return false;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
      units += more;
      SimMetrics.WORKING_MEMORY_RESERVED.inc((double) more * UNIT);
      return true;
    }

    @Override
    public void close() {
      if (closed) {
        return;
      }
      closed = true;
      if (held.get() == this) {
        held.remove();
      }
      if (units > 0) {
        free.release(units);
        SimMetrics.WORKING_MEMORY_RESERVED.dec((double) units * UNIT);
      }
    }
  }
}
