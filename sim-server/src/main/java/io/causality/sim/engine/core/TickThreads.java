package io.causality.sim.engine.core;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * The threads a simulation's ticks may use: the calling thread and {@code threads - 1} helpers,
 * shared by every simulation built with them. What a tick computes never depends on how many there
 * are (docs/engine.md, "Determinism"): the agents are cut into parts whose results are merged in
 * agent order.
 *
 * <p>Build one per process (or per worker that runs many simulations) and {@link #close} it at the
 * end; {@link #single()} needs no closing.
 */
public final class TickThreads implements AutoCloseable {
  /** Below this many agents a tick is one part: splitting would cost more than it saves. */
  public static final int DEFAULT_MIN_AGENTS_TO_SPLIT = 2_048;

  private static final TickThreads SINGLE = new TickThreads(1, DEFAULT_MIN_AGENTS_TO_SPLIT, null);

  private final int threads;
  private final int minAgentsToSplit;
  private final ExecutorService helpers;

  private TickThreads(int threads, int minAgentsToSplit, ExecutorService helpers) {
    this.threads = threads;
    this.minAgentsToSplit = minAgentsToSplit;
    this.helpers = helpers;
  }

  /** Every tick on the calling thread alone. */
  public static TickThreads single() {
    return SINGLE;
  }

  /** Ticks on up to {@code threads} threads: the caller and {@code threads - 1} daemon helpers. */
  public static TickThreads of(int threads) {
    return of(threads, DEFAULT_MIN_AGENTS_TO_SPLIT);
  }

  /**
   * The same, splitting the ticks of simulations from {@code minAgentsToSplit} agents on (1 splits
   * every simulation with more than one agent, which only costs time: tests use it to run small
   * scenarios through the parallel path).
   */
  public static TickThreads of(int threads, int minAgentsToSplit) {
    if (threads < 1 || minAgentsToSplit < 1) {
      throw new IllegalArgumentException(
          "threads and minAgentsToSplit must be at least 1: " + threads + ", " + minAgentsToSplit);
    }
    if (threads == 1) {
      return SINGLE;
    }
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            threads - 1, threads - 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), daemons());
    return new TickThreads(threads, minAgentsToSplit, pool);
  }

  public int threads() {
    return threads;
  }

  /** The fewest agents whose ticks are cut into parts. */
  public int minAgentsToSplit() {
    return minAgentsToSplit;
  }

  /**
   * Runs {@code part} for 0 to {@code parts - 1}, each once, on the caller and the helpers, and
   * returns when every part is done. The parts must touch disjoint state. A helper that starts late
   * finds nothing left to do: the caller never waits for a helper that has not begun.
   */
  void run(int parts, IntConsumer part) {
    run(parts, part, p -> {});
  }

  /**
   * As {@link #run(int, IntConsumer)}, then {@code inOrder} for 0 to {@code parts - 1}, in that
   * order, on the calling thread, each once its part is done: work that must follow the parts'
   * order (a floating-point sum in agent order) done between the caller's own parts, while the
   * helpers still compute, rather than alone after the last part.
   */
  void run(int parts, IntConsumer part, IntConsumer inOrder) {
    if (helpers == null || parts == 1) {
      for (int p = 0; p < parts; p++) {
        part.accept(p);
        inOrder.accept(p);
      }
      return;
    }
    Round round = new Round(parts, part);
    int asked = Math.min(threads - 1, parts - 1);
    for (int h = 0; h < asked; h++) {
      helpers.execute(round::work);
    }
    round.workAndFollow(inOrder);
  }

  /** Stops the helpers; simulations built with these threads must not advance afterwards. */
  @Override
  public void close() {
    if (helpers != null) {
      helpers.shutdownNow();
    }
  }

  /** One tick's parts, taken one at a time from both ends: the helpers' and the caller's. */
  private static final class Round {
    private final AtomicInteger front = new AtomicInteger();
    private final AtomicIntegerArray claimed;
    private final AtomicIntegerArray finished;
    private final CountDownLatch done;
    private final IntConsumer part;
    private final int parts;

    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    Round(int parts, IntConsumer part) {
      this.parts = parts;
      this.part = part;
      this.claimed = new AtomicIntegerArray(parts);
      this.finished = new AtomicIntegerArray(parts);
      this.done = new CountDownLatch(parts);
    }

    /**
     * What a helper does: parts from the first one up, until it meets a part the caller took. The
     * helpers take the low parts and the caller the high ones, so that from tick to tick each
     * thread mostly computes the same agents again, whose state its core's cache still holds: parts
     * handed out in one order to whoever was free moved a simulation's state between the cores
     * every tick.
     */
    void work() {
      for (int p = front.getAndIncrement(); p < parts && claim(p); p = front.getAndIncrement()) {
        compute(p);
      }
    }

    /**
     * What the caller does: parts from the last one down, until it meets a part a helper took,
     * following after each the parts finished in order so far (the helpers'); then it waits for the
     * last ones and follows the rest.
     */
    void workAndFollow(IntConsumer inOrder) {
      int followed = 0;
      for (int p = parts - 1; p >= 0 && claim(p); p--) {
        compute(p);
        while (followed < parts && finished.get(followed) == 1) {
          inOrder.accept(followed++);
        }
      }
      await();
      while (followed < parts) {
        inOrder.accept(followed++);
      }
    }

    /** Takes part {@code p}: false when another thread has. */
    private boolean claim(int p) {
      return claimed.compareAndSet(p, 0, 1);
    }

    private void compute(int p) {
      try {
        part.accept(p);
      } catch (RuntimeException | Error e) {
        failure.compareAndSet(null, e);
      } finally {
        finished.set(p, 1);
        done.countDown();
      }
    }

    void await() {
      boolean interrupted = false;
      while (true) {
        try {
          done.await();
          break;
        } catch (InterruptedException e) {
          // the parts under way write into the simulation: wait for them whatever happens
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      Throwable thrown = failure.get();
      if (thrown instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (thrown instanceof Error error) {
        throw error;
      }
    }
  }

  private static ThreadFactory daemons() {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "engine-tick-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
