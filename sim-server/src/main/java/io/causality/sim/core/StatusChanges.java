package io.causality.sim.core;

import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.StatusChangeRow;
import java.time.Instant;

/**
 * Changes of a simulation's status between ticks (play, pause), under its lock: stored with the
 * journal entry that lets the event stream be derived again, then told to the listeners.
 */
final class StatusChanges {
  private final LiveSimulations live;
  private final SimulationStore store;
  private final SimulationPublisher publisher;
  private final Playback playback;

  StatusChanges(
      LiveSimulations live,
      SimulationStore store,
      SimulationPublisher publisher,
      Playback playback) {
    this.live = live;
    this.store = store;
    this.publisher = publisher;
    this.playback = playback;
  }

  /** Under the lock: writes a status change (and the speed) and tells the listeners. */
  void change(SimulationRow row, SimulationStatus to, String reason, double speed, String player) {
    boolean changed = SimulationStatus.fromWireName(row.status()) != to;
    StatusChangeRow change = draft(row, row.ticksComputed(), to, reason, store.now(), speed);
    store.storeStatus(row.version(), player, change);
    live.changedBetweenTicks(row.id(), row.version() + 1);
    if (changed) {
      publisher.publishBetweenTicks(row.id(), row.ticksComputed());
    }
  }

  /** Under the lock: stops playing; pauses (for {@code reason}) when it was running. */
  Void pauseIfRunning(SimulationRow row, String reason) {
    if (SimulationStatus.fromWireName(row.status()) == SimulationStatus.RUNNING) {
      change(row, SimulationStatus.PAUSED, reason, row.speed(), null);
    }
    playback.stop(row.id());
    return null;
  }

  /** The journal entry of a change from the row's status; its seq is given when stored. */
  static StatusChangeRow draft(
      SimulationRow row, long tick, SimulationStatus to, String reason, Instant now, double speed) {
    return new StatusChangeRow(
        row.id(), -1, tick, row.inputCount(), to.wireName(), row.status(), reason, speed, now);
  }
}
