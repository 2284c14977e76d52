package io.causality.sim.playback;

import io.causality.sim.core.Playback;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plays one simulation: every interval, advances it by the ticks due since play began (elapsed time
 * x ticks per second). A late run (a busy machine, a slow commit) catches up at most at twice the
 * rate, and a player more than a second behind forgets the backlog rather than sprint through it.
 * Runs of one player never overlap (a fixed-rate schedule).
 */
final class Player implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(Player.class);
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  private final UUID simulationId;
  private final double ticksPerNano;
  private final long intervalNanos;
  private final long maxTicksPerRun;
  private final Playback.Batch batch;
  private final Consumer<Player> finished;
  private final long startNanos = System.nanoTime();
  private volatile ScheduledFuture<?> future;
  private volatile boolean cancelled;
  private long done;

  Player(
      UUID simulationId,
      double ticksPerSecond,
      long intervalNanos,
      Playback.Batch batch,
      Consumer<Player> finished) {
    this.simulationId = simulationId;
    this.ticksPerNano = ticksPerSecond / SECOND;
    this.intervalNanos = intervalNanos;
    this.maxTicksPerRun =
        Math.max(1, (long) Math.ceil(2 * ticksPerSecond * intervalNanos / SECOND));
    this.batch = batch;
    this.finished = finished;
  }

  UUID simulationId() {
    return simulationId;
  }

  void schedule(ScheduledExecutorService executor) {
    future = executor.scheduleAtFixedRate(this, intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
    if (cancelled) {
      future.cancel(false);
    }
  }

  void cancel() {
    cancelled = true;
    ScheduledFuture<?> scheduled = future;
    if (scheduled != null) {
      scheduled.cancel(false);
    }
  }

  @Override
  public void run() {
    int ticks = due();
    if (ticks <= 0 || cancelled) {
      return;
    }
    try {
      // Stopping or replacing a player cancels it: a cancelled one never advances again.
      if (!batch.advance(ticks, () -> !cancelled)) {
        end();
      }
    } catch (RuntimeException e) {
      LOG.error("Player of simulation {} stopped by an unexpected failure", simulationId, e);
      end();
    }
  }

  /** The ticks of this run, counted as done: a failed batch stops the player anyway. */
  private int due() {
    long scheduled = (long) ((System.nanoTime() - startNanos) * ticksPerNano);
    long behind = scheduled - done;
    if (behind > Math.max(maxTicksPerRun, (long) (ticksPerNano * SECOND))) {
      done = scheduled - maxTicksPerRun;
      behind = maxTicksPerRun;
    }
    long ticks = Math.min(behind, maxTicksPerRun);
    done += Math.max(ticks, 0);
    return (int) ticks;
  }

  private void end() {
    cancel();
    finished.accept(this);
  }
}
