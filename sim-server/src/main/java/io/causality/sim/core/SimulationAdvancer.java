package io.causality.sim.core;

import io.causality.sim.api.RawJson;
import io.causality.sim.api.StepResponse;
import io.causality.sim.core.events.Preludes;
import io.causality.sim.core.organization.BillingPeriods;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.core.organization.Quotas;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.db.SimulationProgress;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.StatusChangeRow;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.json.Num;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.metrics.SimMetrics;
import java.time.Instant;
import java.util.Optional;

/**
 * Advances a stored simulation by some ticks, under its lock: computes them on the engine instance,
 * stores the progress (with its prophecies, a snapshot now and then, the ticks counted for billing
 * and the status change the last tick made), then publishes the ticks' events.
 */
final class SimulationAdvancer {
  /** What an advance answers, and the status it left. */
  record Advanced(StepResponse response, SimulationStatus status) {}

  private final OrganizationService organizations;
  private final LiveSimulations live;
  private final SimulationStore store;
  private final SimulationPublisher publisher;
  private final int snapshotInterval;

  SimulationAdvancer(
      OrganizationService organizations,
      LiveSimulations live,
      SimulationStore store,
      SimulationPublisher publisher,
      int snapshotInterval) {
    this.organizations = organizations;
    this.live = live;
    this.store = store;
    this.publisher = publisher;
    this.snapshotInterval = snapshotInterval;
  }

  /** Under the lock: advances the stored simulation by {@code ticks} and stores the result. */
  Advanced advance(SimulationRow row, int ticks) {
    return advance(row, organizations.tierOf(row.organizationId()), ticks);
  }

  /**
   * A player's batch: up to {@code ticks}, never past the license's ticks per run, so that the last
   * batch completes the simulation.
   */
  Advanced advanceBatch(SimulationRow row, int ticks) {
    Tier tier = organizations.tierOf(row.organizationId());
    int allowed = (int) Math.min(ticks, tier.maxTicksPerRun() - row.ticksComputed());
    return advance(row, tier, allowed);
  }

  /** Under the lock: the same, with the tier of the simulation's organization already read. */
  Advanced advance(SimulationRow row, Tier tier, int ticks) {
    SimulationAccess.requireNotCompleted(row);
    Quotas.checkTicks(tier, row.ticksComputed(), ticks);
    LiveSimulations.Live instance = live.current(row);
    Optional<SimulationPublisher.TickEvents> recorded = publisher.recordTicks(instance, row, ticks);
    try {
      return advance(row, tier, ticks, instance, recorded);
    } finally {
      recorded.ifPresent(SimulationPublisher.TickEvents::close);
    }
  }

  private Advanced advance(
      SimulationRow row,
      Tier tier,
      int ticks,
      LiveSimulations.Live instance,
      Optional<SimulationPublisher.TickEvents> recorded) {
    Instant now = store.now();
    ProphecyCollector prophecies = new ProphecyCollector(row.id(), now);
    Simulation simulation = instance.simulation();
    long started = System.nanoTime();
    TickRun run =
        TickRun.advance(
            simulation,
            ticks,
            snapshotInterval,
            SimulationPublisher.listener(prophecies, recorded));
    SimMetrics.computed(ticks, (System.nanoTime() - started) / 1e9);
    long toTick = row.ticksComputed() + ticks;
    StateSnapshot state = simulation.state();
    SimulationStatus status = statusAfter(row, state, toTick, tier);
    String stateJson = SimulationStore.stateJson(state);
    Optional<GammaWindow> window =
        GammaWindow.after(row.gammaWindow(), row.ticksComputed(), run.gammas(), simulation);
    Optional<StatusChangeRow> change;
    try {
      change =
          store.storeProgress(
              progress(row, toTick, status, state, stateJson, window, prophecies, run, now));
    } catch (RuntimeException e) {
      live.forget(row.id());
      throw e;
    }
    live.progressed(instance, toTick, row.inputCount(), row.version() + 1);
    instance.preludes(change.map(Preludes::of).orElse(Preludes.NONE));
    recorded.ifPresent(events -> publisher.publishTicks(row.id(), events, toTick, change));
    return new Advanced(new StepResponse(new RawJson(stateJson), ticks), status);
  }

  /**
   * Create-and-run: computes the first {@code ticks} of a new simulation (not stored yet, at
   * version 0) and stores it already advanced, with its run and ticks counted, in one transaction.
   * Nobody can watch it yet, so there are no events to publish; {@code answer} hears the ticks (the
   * trace the caller gets). Returns the ticks computed.
   */
  long advanceNew(
      SimulationRow created, Simulation simulation, Tier tier, int ticks, EngineListener answer) {
    Instant now = created.createdAt();
    ProphecyCollector prophecies = new ProphecyCollector(created.id(), now);
    long started = System.nanoTime();
    TickRun run =
        TickRun.advance(
            simulation, ticks, snapshotInterval, EngineListener.all(prophecies, answer));
    SimMetrics.computed(ticks, (System.nanoTime() - started) / 1e9);
    StateSnapshot state = simulation.state();
    SimulationStatus status = statusAfter(created, state, ticks, tier);
    String stateJson = SimulationStore.stateJson(state);
    Optional<GammaWindow> window = GammaWindow.after(null, 0, run.gammas(), simulation);
    store.insertAdvanced(
        created,
        progress(created, ticks, status, state, stateJson, window, prophecies, run, now),
        tier);
    live.remember(created.id(), simulation, ticks, created.inputCount(), created.version() + 1);
    return ticks;
  }

  /**
   * An experiment's run kept as a simulation ({@code keepTraces}): its {@code ticks} computed and
   * stored as a create-and-run stores them, counting nothing (its experiment counted the run and
   * its ticks). False, storing nothing, when it was kept already.
   */
  boolean keepNew(SimulationRow created, Simulation simulation, Tier tier, int ticks) {
    Instant now = created.createdAt();
    ProphecyCollector prophecies = new ProphecyCollector(created.id(), now);
    TickRun run = TickRun.advance(simulation, ticks, snapshotInterval, prophecies);
    StateSnapshot state = simulation.state();
    SimulationStatus status = statusAfter(created, state, ticks, tier);
    String stateJson = SimulationStore.stateJson(state);
    Optional<GammaWindow> window = GammaWindow.after(null, 0, run.gammas(), simulation);
    return store.insertKept(
        created, progress(created, ticks, status, state, stateJson, window, prophecies, run, now));
  }

  private SimulationProgress progress(
      SimulationRow row,
      long toTick,
      SimulationStatus status,
      StateSnapshot state,
      String stateJson,
      Optional<GammaWindow> window,
      ProphecyCollector prophecies,
      TickRun run,
      Instant now) {
    BillingPeriods.Period period = BillingPeriods.containing(now);
    String player = status == SimulationStatus.RUNNING ? row.player() : null;
    StatusChangeRow change =
        status == SimulationStatus.fromWireName(row.status())
            ? null
            : StatusChanges.draft(row, toTick, status, reasonAfterTicks(status), now, row.speed());
    return new SimulationProgress(
        row.id(),
        row.organizationId(),
        row.version(),
        row.ticksComputed(),
        toTick,
        status.wireName(),
        stateJson,
        // as the state's JSON says it, so that the list sorts by what it shows
        Double.parseDouble(Num.format(state.b())),
        state.lost(),
        window.map(GammaWindow::json).orElse(null),
        player,
        now,
        prophecies.rows(),
        run.snapshots(),
        period.start(),
        change);
  }

  /** Ticks change a status only to completed, or from created to paused by a first step. */
  private static String reasonAfterTicks(SimulationStatus status) {
    return status == SimulationStatus.COMPLETED ? "completed" : "step";
  }

  private static SimulationStatus statusAfter(
      SimulationRow row, StateSnapshot state, long toTick, Tier tier) {
    if (state.alive() == 0 || toTick >= tier.maxTicksPerRun()) {
      return SimulationStatus.COMPLETED;
    }
    SimulationStatus current = SimulationStatus.fromWireName(row.status());
    return current == SimulationStatus.RUNNING ? current : SimulationStatus.PAUSED;
  }
}
