package io.causality.common.schedule;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A task that runs at a fixed delay on a daemon thread of its own while a service runs: the
 * housekeeping both services do beside their requests (flushing usage, purging expired keys and
 * decided requests, signing audit checkpoints, compacting the embedded file). Its owner, a {@code
 * Managed}, starts and stops it.
 *
 * <p>A run that throws is logged on the owner's logger, once for each run of failures and again
 * when runs succeed, with the messages of its causes but without its stack trace; and the next run
 * comes as scheduled. A {@link ScheduledExecutorService} never runs again a task that threw, and a
 * database away for a moment must not end the housekeeping for good, nor write a warning five times
 * a second.
 *
 * <p>{@link #stop} lets a run under way finish, without interrupting it (an interrupt can close a
 * file channel under the database), and runs no more: register the owner after the data source it
 * uses, so that it stops first.
 */
public final class PeriodicTask {
  /** One run of the task. */
  @FunctionalInterface
  public interface Run {
    void run() throws Exception;
  }

  /** How long {@link #stop} waits for a run under way before it interrupts it, by default. */
  static final Duration STOP_GRACE = Duration.ofSeconds(10);

  /** Causes named in a failure's log line, at most (a chain can loop). */
  private static final int MAX_CAUSES = 5;

  private final String name;
  private final Duration initialDelay;
  private final Duration delay;
  private final Run task;
  private final Duration stopGrace;
  private final Logger log;
  private ScheduledExecutorService thread;
  private boolean failing; // only the task's thread reads and writes it

  /**
   * {@code name}: the thread's name, and what the log calls the task; {@code owner}: whose logger
   * reports its failures.
   */
  public PeriodicTask(
      String name, Class<?> owner, Duration initialDelay, Duration delay, Run task) {
    this(name, owner, initialDelay, delay, STOP_GRACE, task);
  }

  /** The same, with {@link #stop} waiting up to {@code stopGrace} for a run under way. */
  public PeriodicTask(
      String name,
      Class<?> owner,
      Duration initialDelay,
      Duration delay,
      Duration stopGrace,
      Run task) {
    this.name = Objects.requireNonNull(name, "name");
    this.initialDelay = Objects.requireNonNull(initialDelay, "initialDelay");
    this.delay = Objects.requireNonNull(delay, "delay");
    this.stopGrace = Objects.requireNonNull(stopGrace, "stopGrace");
    this.task = Objects.requireNonNull(task, "task");
    this.log = LoggerFactory.getLogger(owner);
  }

  public void start() {
    thread =
        Executors.newSingleThreadScheduledExecutor(
            runnable -> {
              Thread daemon = new Thread(runnable, name);
              daemon.setDaemon(true);
              return daemon;
            });
    thread.scheduleWithFixedDelay(
        this::runOnce, initialDelay.toMillis(), delay.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * Lets a run under way finish (for its stop grace at most), and runs no more. Nothing to do when
   * it never started (a service whose start failed before it).
   */
  public void stop() throws InterruptedException {
    if (thread == null) {
      return;
    }
    thread.shutdown();
    if (!thread.awaitTermination(stopGrace.toMillis(), TimeUnit.MILLISECONDS)) {
      thread.shutdownNow();
    }
  }

  /**
   * Whether {@link #stop} was called: a long run checks it between its parts and ends early, so
   * that the service does not wait for the rest.
   */
  public boolean isStopping() {
    return thread != null && thread.isShutdown();
  }

  /** One run, as the thread makes it: a failure is logged, and the next run tries again. */
  void runOnce() {
    try {
      task.run();
      if (failing) {
        failing = false;
        log.info("{} runs again", name);
      }
    } catch (Exception e) {
      if (!failing) {
        failing = true;
        log.warn("{} failed, retrying every {} ms: {}", name, delay.toMillis(), described(e));
      }
    }
  }

  /**
   * The failure and the causes it wraps, each as its class and message, on one line: what an
   * operator needs without a stack trace (a wrapper's own message often says only what failed).
   */
  private static String described(Throwable failure) {
    StringBuilder line = new StringBuilder(failure.toString());
    Throwable cause = failure.getCause();
    for (int depth = 0; cause != null && depth < MAX_CAUSES; depth++) {
      line.append("; caused by ").append(cause);
      cause = cause.getCause();
    }
    return line.toString();
  }
}
