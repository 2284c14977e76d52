package io.causality.sim.events;

import io.causality.sim.core.LeftRunning;
import io.causality.sim.playback.PlaybackScheduler;
import java.time.Duration;
import org.eclipse.jetty.util.component.LifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stop of live simulations, when the server starts stopping (before it waits for open requests,
 * which event streams never finish): nothing starts playing any more, the simulations this instance
 * plays are paused with their status stored (their streams hear the change), then every stream is
 * sent {@code SHUTDOWN} and closed.
 */
public final class LiveShutdown implements LifeCycle.Listener {
  private static final Logger LOG = LoggerFactory.getLogger(LiveShutdown.class);
  private static final Duration GRACE = Duration.ofSeconds(5);

  private final PlaybackScheduler playback;
  private final LeftRunning simulations;
  private final EventStreams streams;

  public LiveShutdown(PlaybackScheduler playback, LeftRunning simulations, EventStreams streams) {
    this.playback = playback;
    this.simulations = simulations;
    this.streams = streams;
  }

  @Override
  public void lifeCycleStopping(LifeCycle server) {
    playback.close();
    int paused = simulations.pauseOwnRunning();
    streams.close(GRACE);
    LOG.info("Stopping: {} playing simulations paused, event streams closed", paused);
  }
}
