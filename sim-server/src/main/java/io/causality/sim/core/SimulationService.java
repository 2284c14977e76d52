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
import io.causality.sim.auth.Caller;
import io.causality.sim.db.InputDao;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.ProphecyDao;
import io.causality.sim.db.SimulationDao;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.db.SnapshotDao;
import io.causality.sim.db.UsageDao;
import io.causality.sim.engine.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputJson;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.input.ScheduledInput;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.causality.sim.errors.SimulationConflictException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;

/**
 * What changes simulations: creating them, advancing them, and submitting their inputs.
 *
 * <p>Every change is made on the engine instance under the simulation's lock, then written with
 * a condition on the stored progress; if the write fails, the instance is dropped, so memory
 * never runs ahead of what is stored. A simulation is its inputs: the stored scenario, engine
 * version and ordered inputs rebuild it exactly (snapshots only make that faster).
 */
public final class SimulationService {
  private final Jdbi jdbi;
  private final EngineCatalog catalog;
  private final ScenarioSource scenarios;
  private final SimulationAccess access;
  private final LiveSimulations live;
  private final OrganizationService organizations;
  private final Clock clock;
  private final int snapshotInterval;

  public SimulationService(Jdbi jdbi, EngineCatalog catalog, LiveSimulations live,
      OrganizationService organizations, Clock clock, int snapshotInterval) {
    this.jdbi = jdbi;
    this.catalog = catalog;
    this.scenarios = new ScenarioSource(catalog);
    this.access = new SimulationAccess(jdbi);
    this.live = live;
    this.organizations = organizations;
    this.clock = clock;
    this.snapshotInterval = snapshotInterval;
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
    SimulationCreated created = create(caller, request.organizationId(),
        request.engineVersion(), resolved, request.ticks());
    live.locked(created.id(), () -> advance(created.id(), request.ticks()));
    return access.find(created.id());
  }

  public StepResponse step(Caller caller, UUID id, int ticks) {
    access.accessible(caller, id);
    return live.locked(id, () -> advance(id, ticks));
  }

  public DecreeView submitDecree(Caller caller, UUID id, DecreeRequest request) {
    access.accessible(caller, id);
    EngineInput decree = InputParser.decree(request.type(), request.payload());
    InputRow row = live.locked(id, () -> submit(id, decree, "decree", request.type()));
    return SimulationViews.decree(row);
  }

  public void updatePolicy(Caller caller, UUID id, AgentPolicyRequest request) {
    access.accessible(caller, id);
    EngineInput change = InputParser.policyChange(request.agentId(),
        request.policy().lambda(), request.policy().gamma());
    live.locked(id, () -> submit(id, change, "policy", null));
  }

  private SimulationCreated create(Caller caller, UUID requestedOrganization,
      String engineVersion, ScenarioSource.Resolved resolved, int ticksToRun) {
    UUID organization = BillingOrganizations.resolve(caller, requestedOrganization);
    EngineVersion version = catalog.engines().require(engineVersion);
    Tier tier = organizations.tierOf(organization);
    Quotas.checkTicks(tier, 0, ticksToRun);
    Simulation simulation = version.newSimulation(resolved.scenario());
    Instant now = now();
    SimulationRow row = newRow(organization, resolved, version, simulation, now);
    ensureUsagePeriod(organization, now);
    jdbi.useTransaction(handle -> {
      Quotas.takeRun(handle, organization, tier, now);
      handle.attach(SimulationDao.class).insert(row);
    });
    live.remember(row.id(), simulation, 0, 0);
    return new SimulationCreated(row.id(), row.scenarioId(), row.engineVersion(), row.status(),
        new RawJson(row.stateJson()));
  }

  private static SimulationRow newRow(UUID organization, ScenarioSource.Resolved resolved,
      EngineVersion version, Simulation simulation, Instant now) {
    String scenarioJson =
        new String(ScenarioJson.toBytes(resolved.scenario()), StandardCharsets.UTF_8);
    return new SimulationRow(UUID.randomUUID(), organization, resolved.scenarioId(),
        scenarioJson, version.id(), SimulationStatus.CREATED.wireName(), 0, 0, 1.0,
        stateJson(simulation.state()), now, now);
  }

  /** Under the lock: advances the stored simulation by {@code ticks} and stores the result. */
  StepResponse advance(UUID id, int ticks) {
    SimulationRow row = access.find(id);
    SimulationAccess.requireNotCompleted(row);
    Tier tier = organizations.tierOf(row.organizationId());
    Quotas.checkTicks(tier, row.ticksComputed(), ticks);
    LiveSimulations.Live instance = live.current(row);
    Instant now = now();
    ProphecyCollector prophecies = new ProphecyCollector(id, now);
    instance.simulation().advance(ticks, prophecies);
    long toTick = row.ticksComputed() + ticks;
    StateSnapshot state = instance.simulation().state();
    String status = statusAfter(row, state, toTick, tier).wireName();
    String stateJson = stateJson(state);
    try {
      storeProgress(row, toTick, status, stateJson, prophecies, instance.simulation(), now);
    } catch (RuntimeException e) {
      live.forget(id);
      throw e;
    }
    live.progressed(instance, toTick, row.inputCount());
    return new StepResponse(new RawJson(stateJson), ticks);
  }

  private void storeProgress(SimulationRow row, long toTick, String status, String stateJson,
      ProphecyCollector prophecies, Simulation simulation, Instant now) {
    long ticks = toTick - row.ticksComputed();
    BillingPeriods.Period period = ensureUsagePeriod(row.organizationId(), now);
    byte[] snapshot = crossesSnapshot(row.ticksComputed(), toTick) ? simulation.snapshot() : null;
    jdbi.useTransaction(handle -> {
      int advanced = handle.attach(SimulationDao.class).advance(row.id(), row.ticksComputed(),
          row.inputCount(), toTick, status, stateJson, now);
      if (advanced == 0) {
        throw new SimulationConflictException(
            "Simulation " + row.id() + " was changed by another request; retry");
      }
      handle.attach(ProphecyDao.class).insertAll(prophecies.rows());
      if (snapshot != null) {
        handle.attach(SnapshotDao.class).insert(row.id(), toTick, snapshot, now);
      }
      handle.attach(UsageDao.class).increment(row.organizationId(), period.start(), 0, 0, ticks);
    });
  }

  /** Under the lock: queues an input for the next tick and stores it in submission order. */
  private InputRow submit(UUID id, EngineInput input, String kind, String type) {
    SimulationRow row = access.find(id);
    SimulationAccess.requireNotCompleted(row);
    LiveSimulations.Live instance = live.current(row);
    ScheduledInput scheduled = instance.simulation().submit(input);
    Instant now = now();
    InputRow stored = new InputRow(id, row.inputCount(), UUID.randomUUID(), scheduled.tick(),
        kind, type, InputJson.write(scheduled), now);
    try {
      jdbi.useTransaction(handle -> {
        if (handle.attach(SimulationDao.class)
            .addInput(id, row.inputCount(), row.ticksComputed(), now) == 0) {
          throw new SimulationConflictException(
              "Simulation " + id + " was changed by another request; retry");
        }
        handle.attach(InputDao.class).insert(stored);
      });
    } catch (RuntimeException e) {
      live.forget(id);
      throw e;
    }
    live.progressed(instance, row.ticksComputed(), row.inputCount() + 1);
    return stored;
  }

  private static SimulationStatus statusAfter(SimulationRow row, StateSnapshot state,
      long toTick, Tier tier) {
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
    jdbi.useExtension(UsageDao.class,
        dao -> dao.ensurePeriod(organization, period.start(), period.end()));
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
