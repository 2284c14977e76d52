package io.causality.sim.playback;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.sim.config.PlaybackConfig;
import io.causality.sim.core.Playback;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Plays simulations in the background (docs/simulations.md, "Playback and statuses"): one {@link
 * Player} per playing simulation, run every {@code batchInterval} on a small scheduled pool that
 * Dropwizard stops with the service. Each run advances by the ticks that fell due since play (base
 * rate x speed): one batch, one commit.
 */
public final class PlaybackScheduler implements Playback {
  private final ScheduledExecutorService executor;
  private final ConcurrentMap<UUID, Player> players = new ConcurrentHashMap<>();
  private final int baseTicksPerSecond;
  private final long intervalNanos;
  private volatile boolean closed;

  public PlaybackScheduler(PlaybackConfig config, ScheduledExecutorService executor) {
    this.executor = executor;
    this.baseTicksPerSecond = config.getBaseTicksPerSecond();
    this.intervalNanos = config.getBatchInterval().toNanoseconds();
  }

  @Override
  public void start(UUID simulationId, double speed, Batch batch) {
    if (closed) {
      throw shuttingDown();
    }
    Player player =
        new Player(simulationId, baseTicksPerSecond * speed, intervalNanos, batch, this::finished);
    Player previous = players.put(simulationId, player);
    if (previous != null) {
      previous.cancel();
    }
    try {
      player.schedule(executor);
    } catch (RejectedExecutionException e) {
      players.remove(simulationId, player);
      throw shuttingDown();
    }
  }

  @Override
  public void stop(UUID simulationId) {
    Player player = players.remove(simulationId);
    if (player != null) {
      player.cancel();
    }
  }

  /** From shutdown on, nothing starts playing: the service pauses what plays, then stops. */
  public void close() {
    closed = true;
  }

  private void finished(Player player) {
    players.remove(player.simulationId(), player);
  }

  private static ApiException shuttingDown() {
    return new ApiException(
        503,
        ErrorCodes.SERVICE_UNAVAILABLE,
        "The service is shutting down; play the simulation again once it is back");
  }
}
