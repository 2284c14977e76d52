package io.causality.sim.core;

import io.causality.sim.api.StepResponse;
import io.causality.sim.api.TimeControlRequest;
import io.causality.sim.core.errors.SimulationConflictException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SimulationToAdvance;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A simulation's time: manual steps, play and pause (docs/simulations.md has the transitions). A
 * player advances through the same locked, conditionally written path as a step; the {@link
 * Cluster} tells which instance plays what.
 */
public final class TimeControl {
  private static final Logger LOG = LoggerFactory.getLogger(TimeControl.class);

  private final SimulationAccess access;
  private final SimulationLocks locks;
  private final SimulationAdvancer advancer;
  private final StatusChanges statuses;
  private final Playback playback;
  private final SimulationPublisher publisher;
  private final Cluster cluster;

  TimeControl(
      SimulationAccess access,
      SimulationLocks locks,
      SimulationAdvancer advancer,
      StatusChanges statuses,
      Playback playback,
      SimulationPublisher publisher,
      Cluster cluster) {
    this.access = access;
    this.locks = locks;
    this.advancer = advancer;
    this.statuses = statuses;
    this.playback = playback;
    this.publisher = publisher;
    this.cluster = cluster;
  }

  /**
   * A manual step; refused while the simulation plays, whose player owns its progress. The row and
   * the tier are read once, under the lock, for both the access check and the step.
   */
  public StepResponse step(Caller caller, UUID id, int ticks) {
    return locks.locked(
        id,
        () -> {
          SimulationToAdvance.Found found = access.toAdvance(caller, id);
          requireNotPlaying(found.row());
          return advancer.advance(found.row(), Tier.ofLicense(found.tier()), ticks).response();
        });
  }

  /** Play, pause or one step (docs/simulations.md has the transitions). */
  public void timeControl(Caller caller, UUID id, TimeControlRequest request) {
    access.check(caller, id);
    switch (request.parsedAction()) {
      case PLAY -> locks.locked(id, () -> play(access.find(id), request.speed()));
      case PAUSE -> locks.locked(id, () -> pause(access.find(id)));
      case STEP -> step(caller, id, 1);
    }
  }

  /** Under the lock: plays at {@code speed}, or the stored speed; a new speed when playing. */
  private Void play(SimulationRow row, Double speed) {
    SimulationAccess.requireNotCompleted(row);
    double playSpeed = speed != null ? speed : row.speed();
    UUID id = row.id();
    // The player first: it refuses while the server stops, and its first batch waits for
    // this lock, then finds the status it needs or stops. A player on another instance
    // finds it plays no more and stops.
    playback.start(id, playSpeed, (ticks, current) -> playBatch(id, ticks, current));
    try {
      statuses.change(row, SimulationStatus.RUNNING, "play", playSpeed, cluster.self());
    } catch (RuntimeException e) {
      playback.stop(id);
      throw e;
    }
    return null;
  }

  /** Under the lock: stops playing; pausing what does not play changes nothing. */
  private Void pause(SimulationRow row) {
    SimulationAccess.requireNotCompleted(row);
    return statuses.pauseIfRunning(row, "pause");
  }

  /**
   * One batch of a player, through the same locked, conditionally written path as a step. It never
   * passes the license's ticks per run: the last batch completes the simulation.
   */
  private boolean playBatch(UUID id, int ticks, BooleanSupplier current) {
    try {
      return locks.locked(
          id,
          () -> {
            SimulationRow row = access.find(id);
            if (SimulationStatus.fromWireName(row.status()) != SimulationStatus.RUNNING
                || !current.getAsBoolean()
                || !cluster.self().equals(row.player())) {
              return false;
            }
            return advancer.advanceBatch(row, ticks).status() == SimulationStatus.RUNNING;
          });
    } catch (RuntimeException e) {
      stopAfterFailure(id, e);
      return false;
    }
  }

  /** A batch failed (the database, another writer): pause, and tell the listeners why. */
  private void stopAfterFailure(UUID id, RuntimeException failure) {
    LOG.error("Playback of simulation {} failed; pausing it", id, failure);
    try {
      locks.locked(id, () -> statuses.pauseIfRunning(access.find(id), "error"));
    } catch (RuntimeException e) {
      LOG.error("Could not pause simulation {} after a playback failure", id, e);
    }
    publisher.playbackFailed(id);
  }

  private static void requireNotPlaying(SimulationRow row) {
    if (SimulationStatus.fromWireName(row.status()) == SimulationStatus.RUNNING) {
      throw new SimulationConflictException(
          "Simulation " + row.id() + " is playing; pause it before stepping");
    }
  }
}
