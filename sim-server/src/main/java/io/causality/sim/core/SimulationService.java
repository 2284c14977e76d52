package io.causality.sim.core;

import io.causality.sim.api.AgentPolicyRequest;
import io.causality.sim.api.CreateSimulationRequest;
import io.causality.sim.api.DecreeRequest;
import io.causality.sim.api.DecreeView;
import io.causality.sim.api.FromDomainRequest;
import io.causality.sim.api.RawJson;
import io.causality.sim.api.RunSimulationRequest;
import io.causality.sim.api.SimulationCreated;
import io.causality.sim.api.StepResponse;
import io.causality.sim.api.TimeControlRequest;
import io.causality.sim.auth.Caller;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.ProphecyDao;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SnapshotDao;
import io.causality.sim.db.StatusChangeDao;
import io.causality.sim.db.StatusChangeRow;
import io.causality.sim.db.UsageDao;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputJson;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.causality.sim.errors.SimulationConflictException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What changes simulations: creating them, advancing them, and submitting their inputs.
 *
 * <p>Every change is made on the engine instance under the simulation's lock, then written with a
 * condition on the stored version; if the write fails, the instance is dropped, so memory never
 * runs ahead of what is stored. The lock serializes one process; when another instance on the same
 * database changed the simulation first, the change is made again from what is stored, a few times
 * at most before answering 409 (docs/operations.md). A simulation is its inputs: the stored
 * scenario, engine version and ordered inputs rebuild it exactly (snapshots only make that faster).
 *
 * <p>Every stored change is then told to {@link SimulationEvents}, still under the lock so that
 * listeners hear changes in their order; events are built only for watched simulations. Status
 * changes are journaled with the change, so the event stream can be derived again
 * (docs/simulations.md, "Playback and statuses"). The {@link Cluster} hears of every stored change,
 * for the event streams of the other instances, and tells which instance plays what.
 */
public final class SimulationService {
  private static final Logger LOG = LoggerFactory.getLogger(SimulationService.class);

  /** Tries of a change that another instance keeps changing first; then 409. */
  private static final int ATTEMPTS = 20;

  private final Jdbi jdbi;
  private final EngineCatalog catalog;
  private final ScenarioSource scenarios;
  private final SimulationAccess access;
  private final LiveSimulations live;
  private final OrganizationService organizations;
  private final Clock clock;
  private final int snapshotInterval;
  private final SimulationEvents events;
  private final Playback playback;
  private final Cluster cluster;

  public SimulationService(
      Jdbi jdbi,
      EngineCatalog catalog,
      LiveSimulations live,
      OrganizationService organizations,
      Clock clock,
      int snapshotInterval,
      SimulationEvents events,
      Playback playback,
      Cluster cluster) {
    this.jdbi = jdbi;
    this.catalog = catalog;
    this.scenarios = new ScenarioSource(catalog);
    this.access = new SimulationAccess(jdbi);
    this.live = live;
    this.organizations = organizations;
    this.clock = clock;
    this.snapshotInterval = snapshotInterval;
    this.events = events;
    this.playback = playback;
    this.cluster = cluster;
  }

  public SimulationCreated create(Caller caller, CreateSimulationRequest request) {
    ScenarioSource.Resolved resolved =
        scenarios.fromIdOrInline(request.scenarioId(), request.scenario());
    return create(caller, request.organizationId(), request.engineVersion(), resolved, 0);
  }

  public SimulationCreated createFromDomain(Caller caller, FromDomainRequest request) {
    ScenarioSource.Resolved resolved = scenarios.fromDomain(request.domain(), request.input());
    return create(caller, request.organizationId(), request.engineVersion(), resolved, 0);
  }

  /** Creates and runs; the caller streams the trace afterwards from what was stored. */
  public SimulationRow createAndRun(Caller caller, RunSimulationRequest request) {
    ScenarioSource.Resolved resolved =
        scenarios.fromIdOrDomain(request.scenarioId(), request.domain(), request.input());
    SimulationCreated created =
        create(
            caller, request.organizationId(), request.engineVersion(), resolved, request.ticks());
    locked(created.id(), () -> advance(access.find(created.id()), request.ticks()));
    return access.find(created.id());
  }

  /** A manual step; refused while the simulation plays, whose player owns its progress. */
  public StepResponse step(Caller caller, UUID id, int ticks) {
    access.check(caller, id);
    return locked(
        id,
        () -> {
          SimulationRow row = access.find(id);
          requireNotPlaying(row);
          return advance(row, ticks).response();
        });
  }

  /** Play, pause or one step (docs/simulations.md has the transitions). */
  public void timeControl(Caller caller, UUID id, TimeControlRequest request) {
    access.check(caller, id);
    switch (request.parsedAction()) {
      case PLAY -> locked(id, () -> play(access.find(id), request.speed()));
      case PAUSE -> locked(id, () -> pause(access.find(id)));
      case STEP -> step(caller, id, 1);
    }
  }

  /**
   * Under the simulation's lock: the caller may read it, and {@code listen} gets its row and the
   * stream position after its last stored event, so that a listener registered there misses nothing
   * and hears nothing twice.
   */
  public <T> T listen(Caller caller, UUID id, BiFunction<SimulationRow, EventId, T> listen) {
    access.check(caller, id);
    return live.locked(
        id,
        () -> {
          SimulationRow row = access.find(id);
          long tick = row.ticksComputed();
          return listen.apply(row, new EventId(tick, preludes(id, tick).count(tick)));
        });
  }

  /**
   * Pauses the running simulations that nobody plays any more: those of instances that stopped or
   * crashed (at startup, and from time to time on a shared database; reason {@code restart}).
   * Returns how many.
   */
  public int pauseOrphaned() {
    return pauseRunning(row -> !cluster.alive(row.player()), "restart");
  }

  /** At shutdown: pauses what this instance plays (reason {@code shutdown}). */
  public int pauseOwnRunning() {
    return pauseRunning(row -> cluster.self().equals(row.player()), "shutdown");
  }

  private int pauseRunning(Predicate<SimulationRow> which, String reason) {
    List<SimulationRow> running =
        jdbi.withExtension(
            SimulationDao.class, dao -> dao.withStatus(SimulationStatus.RUNNING.wireName()));
    int paused = 0;
    for (SimulationRow candidate : running.stream().filter(which).toList()) {
      UUID id = candidate.id();
      try {
        // read again under the lock: it may have been paused or handed over meanwhile
        if (locked(id, () -> pauseIf(access.find(id), which, reason))) {
          paused++;
        }
      } catch (RuntimeException e) {
        // one simulation's failure must not leave the others playing
        LOG.error("Could not pause simulation {} ({})", id, reason, e);
      }
    }
    return paused;
  }

  private boolean pauseIf(SimulationRow row, Predicate<SimulationRow> which, String reason) {
    if (statusOf(row) != SimulationStatus.RUNNING || !which.test(row)) {
      return false;
    }
    pauseIfRunning(row, reason);
    return true;
  }

  /**
   * Another instance stored a change of the simulation: this instance's listeners read it from
   * storage. Under the lock, so that a listener registering now misses nothing.
   */
  public void changedElsewhere(UUID id) {
    live.locked(
        id,
        () -> {
          if (events.watched(id)) {
            jdbi.withExtension(SimulationDao.class, dao -> dao.find(id))
                .ifPresent(
                    row -> {
                      long tick = row.ticksComputed();
                      events.publish(
                          id,
                          EventBatch.incomplete(new EventId(tick, preludes(id, tick).count(tick))));
                    });
          }
          return null;
        });
  }

  public DecreeView submitDecree(Caller caller, UUID id, DecreeRequest request) {
    access.check(caller, id);
    EngineInput decree = InputParser.decree(request.type(), request.payload());
    InputRow row = locked(id, () -> submit(id, decree, "decree", request.type()));
    return SimulationViews.decree(row);
  }

  public void updatePolicy(Caller caller, UUID id, AgentPolicyRequest request) {
    access.check(caller, id);
    EngineInput change =
        InputParser.policyChange(
            request.agentId(), request.policy().lambda(), request.policy().gamma());
    locked(id, () -> submit(id, change, "policy", null));
  }

  private SimulationCreated create(
      Caller caller,
      UUID requestedOrganization,
      String engineVersion,
      ScenarioSource.Resolved resolved,
      int ticksToRun) {
    UUID organization = BillingOrganizations.resolve(caller, requestedOrganization);
    EngineVersion version = catalog.engines().require(engineVersion);
    Tier tier = organizations.tierOf(organization);
    Quotas.checkTicks(tier, 0, ticksToRun);
    Simulation simulation = version.newSimulation(resolved.scenario());
    Instant now = now();
    SimulationRow row = newRow(organization, resolved, version, simulation, now);
    ensureUsagePeriod(organization, now);
    jdbi.useTransaction(
        handle -> {
          Quotas.takeRun(handle, organization, tier, now);
          handle.attach(SimulationDao.class).insert(row);
        });
    live.remember(row.id(), simulation, 0, 0, row.version());
    return new SimulationCreated(
        row.id(),
        row.scenarioId(),
        row.engineVersion(),
        row.status(),
        new RawJson(row.stateJson()));
  }

  private static SimulationRow newRow(
      UUID organization,
      ScenarioSource.Resolved resolved,
      EngineVersion version,
      Simulation simulation,
      Instant now) {
    String scenarioJson =
        new String(ScenarioJson.toBytes(resolved.scenario()), StandardCharsets.UTF_8);
    return new SimulationRow(
        UUID.randomUUID(),
        organization,
        resolved.scenarioId(),
        scenarioJson,
        version.id(),
        SimulationStatus.CREATED.wireName(),
        0,
        0,
        1.0,
        stateJson(simulation.state()),
        now,
        now,
        0,
        null);
  }

  /** What an advance answers, and the status it left. */
  private record Advanced(StepResponse response, SimulationStatus status) {}

  /** Under the lock: advances the stored simulation by {@code ticks} and stores the result. */
  private Advanced advance(SimulationRow row, int ticks) {
    Tier tier = organizations.tierOf(row.organizationId());
    return advance(row, tier, ticks);
  }

  private Advanced advance(SimulationRow row, Tier tier, int ticks) {
    SimulationAccess.requireNotCompleted(row);
    Quotas.checkTicks(tier, row.ticksComputed(), ticks);
    LiveSimulations.Live instance = live.current(row);
    Instant now = now();
    ProphecyCollector prophecies = new ProphecyCollector(row.id(), now);
    Optional<EventRecorder.Collected> collected =
        events.watched(row.id())
            ? Optional.of(new EventRecorder.Collected(events.maxBatchEvents()))
            : Optional.empty();
    EventId from =
        collected.isEmpty()
            ? null
            : new EventId(
                row.ticksComputed(), preludesBefore(instance, row).count(row.ticksComputed()));
    EngineListener listener =
        collected
            .<EngineListener>map(
                target ->
                    EngineListener.all(
                        prophecies, new EventRecorder(preludesBefore(instance, row), target)))
            .orElse(prophecies);
    instance.simulation().advance(ticks, listener);
    long toTick = row.ticksComputed() + ticks;
    StateSnapshot state = instance.simulation().state();
    SimulationStatus status = statusAfter(row, state, toTick, tier);
    String stateJson = stateJson(state);
    Optional<StatusChangeRow> change;
    try {
      change =
          storeProgress(row, toTick, status, stateJson, prophecies, instance.simulation(), now);
    } catch (RuntimeException e) {
      live.forget(row.id());
      throw e;
    }
    live.progressed(instance, toTick, row.inputCount(), row.version() + 1);
    instance.preludes(change.map(Preludes::of).orElse(Preludes.NONE));
    collected.ifPresent(target -> publishTicks(row.id(), from, toTick, target, change));
    return new Advanced(new StepResponse(new RawJson(stateJson), ticks), status);
  }

  /** The events before the instance's next tick, read once while it stays in memory. */
  private Preludes preludesBefore(LiveSimulations.Live instance, SimulationRow row) {
    if (instance.preludes() == null) {
      instance.preludes(preludes(row.id(), row.ticksComputed()));
    }
    return instance.preludes();
  }

  /** The ticks' events, then the status change the last tick made, if any. */
  private void publishTicks(
      UUID id,
      EventId from,
      long toTick,
      EventRecorder.Collected target,
      Optional<StatusChangeRow> change) {
    List<SimulationEvent> after =
        change
            .map(
                row ->
                    List.of(
                        new SimulationEvent(
                            new EventId(toTick, 1),
                            EventPayloads.STATUS,
                            EventPayloads.status(row))))
            .orElse(List.of());
    EventId until = after.isEmpty() ? EventId.before(toTick) : after.get(0).id();
    events.publish(id, target.batch(from, after, until));
  }

  private Optional<StatusChangeRow> storeProgress(
      SimulationRow row,
      long toTick,
      SimulationStatus status,
      String stateJson,
      ProphecyCollector prophecies,
      Simulation simulation,
      Instant now) {
    long ticks = toTick - row.ticksComputed();
    BillingPeriods.Period period = ensureUsagePeriod(row.organizationId(), now);
    byte[] snapshot = crossesSnapshot(row.ticksComputed(), toTick) ? simulation.snapshot() : null;
    return jdbi.inTransaction(
        handle -> {
          String player = status == SimulationStatus.RUNNING ? row.player() : null;
          int advanced =
              handle
                  .attach(SimulationDao.class)
                  .advance(
                      row.id(), row.version(), toTick, status.wireName(), stateJson, player, now);
          if (advanced == 0) {
            throw new ChangedMeanwhile();
          }
          cluster.changed(handle, row.id());
          if (!prophecies.rows().isEmpty()) {
            handle.attach(ProphecyDao.class).insertAll(prophecies.rows());
          }
          if (snapshot != null) {
            handle.attach(SnapshotDao.class).insert(row.id(), toTick, snapshot, now);
          }
          handle
              .attach(UsageDao.class)
              .increment(row.organizationId(), period.start(), 0, 0, ticks);
          return status == statusOf(row)
              ? Optional.<StatusChangeRow>empty()
              : Optional.of(
                  journal(handle, row, toTick, status, reasonAfterTicks(status), now, row.speed()));
        });
  }

  /** Under the lock: queues an input for the next tick and stores it in submission order. */
  private InputRow submit(UUID id, EngineInput input, String kind, String type) {
    SimulationRow row = access.find(id);
    SimulationAccess.requireNotCompleted(row);
    LiveSimulations.Live instance = live.current(row);
    ScheduledInput scheduled = instance.simulation().submit(input);
    Instant now = now();
    InputRow stored =
        new InputRow(
            id,
            row.inputCount(),
            UUID.randomUUID(),
            scheduled.tick(),
            kind,
            type,
            InputJson.write(scheduled),
            now);
    try {
      jdbi.useTransaction(
          handle -> {
            if (handle.attach(SimulationDao.class).addInput(id, row.version(), now) == 0) {
              throw new ChangedMeanwhile();
            }
            handle.attach(InputDao.class).insert(stored);
            cluster.changed(handle, id);
          });
    } catch (RuntimeException e) {
      live.forget(id);
      throw e;
    }
    live.progressed(instance, row.ticksComputed(), row.inputCount() + 1, row.version() + 1);
    publishBetweenTicks(id, row.ticksComputed());
    return stored;
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
      changeStatus(row, SimulationStatus.RUNNING, "play", playSpeed, cluster.self());
    } catch (RuntimeException e) {
      playback.stop(id);
      throw e;
    }
    return null;
  }

  /** Under the lock: stops playing; pausing what does not play changes nothing. */
  private Void pause(SimulationRow row) {
    SimulationAccess.requireNotCompleted(row);
    return pauseIfRunning(row, "pause");
  }

  private Void pauseIfRunning(SimulationRow row, String reason) {
    if (statusOf(row) == SimulationStatus.RUNNING) {
      changeStatus(row, SimulationStatus.PAUSED, reason, row.speed(), null);
    }
    playback.stop(row.id());
    return null;
  }

  /**
   * One batch of a player, through the same locked, conditionally written path as a step. It never
   * passes the license's ticks per run: the last batch completes the simulation.
   */
  private boolean playBatch(UUID id, int ticks, BooleanSupplier current) {
    try {
      return locked(
          id,
          () -> {
            SimulationRow row = access.find(id);
            if (statusOf(row) != SimulationStatus.RUNNING
                || !current.getAsBoolean()
                || !cluster.self().equals(row.player())) {
              return false;
            }
            Tier tier = organizations.tierOf(row.organizationId());
            int allowed = (int) Math.min(ticks, tier.maxTicksPerRun() - row.ticksComputed());
            return advance(row, tier, allowed).status() == SimulationStatus.RUNNING;
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
      locked(id, () -> pauseIfRunning(access.find(id), "error"));
    } catch (RuntimeException e) {
      LOG.error("Could not pause simulation {} after a playback failure", id, e);
    }
    events.notice(
        id,
        "PLAYBACK_FAILED",
        "Playback stopped after an internal error; the simulation is paused");
  }

  /** Under the lock: writes a status change (and the speed) and tells the listeners. */
  private void changeStatus(
      SimulationRow row, SimulationStatus to, String reason, double speed, String player) {
    Instant now = now();
    boolean changed = statusOf(row) != to;
    jdbi.useTransaction(
        handle -> {
          if (handle
                  .attach(SimulationDao.class)
                  .changeStatus(row.id(), row.version(), to.wireName(), speed, player, now)
              == 0) {
            throw new ChangedMeanwhile();
          }
          if (changed) {
            journal(handle, row, row.ticksComputed(), to, reason, now, speed);
            cluster.changed(handle, row.id());
          }
        });
    live.changedBetweenTicks(row.id(), row.version() + 1);
    if (changed) {
      publishBetweenTicks(row.id(), row.ticksComputed());
    }
  }

  private StatusChangeRow journal(
      Handle handle,
      SimulationRow row,
      long tick,
      SimulationStatus to,
      String reason,
      Instant now,
      double speed) {
    StatusChangeDao dao = handle.attach(StatusChangeDao.class);
    StatusChangeRow change =
        new StatusChangeRow(
            row.id(),
            dao.nextSeq(row.id()),
            tick,
            row.inputCount(),
            to.wireName(),
            row.status(),
            reason,
            speed,
            now);
    dao.insert(change);
    return change;
  }

  /** Under the lock, after a change between ticks was stored: its event is the last there. */
  private void publishBetweenTicks(UUID id, long tick) {
    if (events.watched(id)) {
      SimulationEvent event = preludes(id, tick).last(tick);
      EventId from = new EventId(tick, event.id().index() - 1);
      events.publish(id, EventBatch.of(from, List.of(event), event.id()));
    }
  }

  private Preludes preludes(UUID id, long tick) {
    return jdbi.withHandle(
        handle ->
            Preludes.of(
                handle.attach(InputDao.class).atTick(id, tick),
                handle.attach(StatusChangeDao.class).atTick(id, tick)));
  }

  private static void requireNotPlaying(SimulationRow row) {
    if (statusOf(row) == SimulationStatus.RUNNING) {
      throw new SimulationConflictException(
          "Simulation " + row.id() + " is playing; pause it before stepping");
    }
  }

  /**
   * Runs a change under the simulation's lock; when another instance changed the simulation first,
   * runs it again from what is stored now, as if it had come after that change.
   */
  private <T> T locked(UUID id, Supplier<T> change) {
    for (int attempt = 1; ; attempt++) {
      try {
        return live.locked(id, change);
      } catch (ChangedMeanwhile e) {
        if (attempt == ATTEMPTS) {
          throw new SimulationConflictException(
              "Simulation " + id + " was changed by another request; retry");
        }
        backOff(attempt);
      }
    }
  }

  /**
   * Outside the lock, a random wait that grows with the attempts, so that the instance whose
   * requests queue behind each other does not win every round.
   */
  private static void backOff(int attempt) {
    try {
      Thread.sleep(ThreadLocalRandom.current().nextLong(1, 1 + 5L * attempt));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SimulationConflictException("Interrupted while retrying a change; retry");
    }
  }

  /** A conditional write found another version: another instance changed it first. */
  private static final class ChangedMeanwhile extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ChangedMeanwhile() {
      super(null, null, false, false);
    }
  }

  private static SimulationStatus statusOf(SimulationRow row) {
    return SimulationStatus.fromWireName(row.status());
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

  private boolean crossesSnapshot(long fromTick, long toTick) {
    return fromTick / snapshotInterval != toTick / snapshotInterval;
  }

  private BillingPeriods.Period ensureUsagePeriod(UUID organization, Instant now) {
    BillingPeriods.Period period = BillingPeriods.containing(now);
    jdbi.useExtension(
        UsageDao.class, dao -> dao.ensurePeriod(organization, period.start(), period.end()));
    return period;
  }

  /** Databases keep microseconds: answers use the same precision as later reads. */
  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MICROS);
  }

  private static String stateJson(StateSnapshot state) {
    return RawJson.of(state::writeJson).json();
  }
}
