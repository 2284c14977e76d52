package io.causality.sim.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.api.CreateSimulationRequest;
import io.causality.sim.api.FromDomainRequest;
import io.causality.sim.api.RawJson;
import io.causality.sim.api.RunSimulationRequest;
import io.causality.sim.api.SimulationCreated;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.core.organization.BillingOrganizations;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.core.organization.Quotas;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import java.time.Instant;
import java.util.UUID;

/**
 * Creates simulations from a scenario (stored, inline or made by a domain adapter), billed to the
 * caller's organization and counted against its license's runs; create-and-run also advances it.
 */
public final class SimulationCreation {
  private final ScenarioSource scenarios;
  private final EngineCatalog catalog;
  private final OrganizationService organizations;
  private final SimulationStore store;
  private final LiveSimulations live;
  private final SimulationLocks locks;
  private final SimulationAdvancer advancer;
  private final WorkingMemory memory;
  private final int runTraceBuffer;

  SimulationCreation(
      ScenarioSource scenarios,
      EngineCatalog catalog,
      OrganizationService organizations,
      SimulationStore store,
      LiveSimulations live,
      SimulationLocks locks,
      SimulationAdvancer advancer,
      WorkingMemory memory,
      int runTraceBuffer) {
    this.runTraceBuffer = runTraceBuffer;
    this.memory = memory;
    this.scenarios = scenarios;
    this.catalog = catalog;
    this.organizations = organizations;
    this.store = store;
    this.live = live;
    this.locks = locks;
    this.advancer = advancer;
  }

  public SimulationCreated create(Caller caller, CreateSimulationRequest request) {
    Billed billed = billed(caller, request.organizationId());
    ScenarioSource.Resolved resolved =
        scenarios.fromIdOrInline(request.scenarioId(), request.scenario(), billed.limits());
    if (request.seed() != null) {
      resolved =
          new ScenarioSource.Resolved(
              resolved.scenarioId(), resolved.scenario().withSeed(request.seed()));
    }
    return create(billed, request.engineVersion(), resolved);
  }

  /**
   * A domain's create takes its turn for the heap by the agents its input makes, before the
   * scenario is built: the input is small, the scenario as large as an inline one (whose request
   * took its turn by its body).
   */
  public SimulationCreated createFromDomain(Caller caller, FromDomainRequest request) {
    Billed billed = billed(caller, request.organizationId());
    try (WorkingMemory.Reservation reserved = reserveFor(request.domain(), request.input())) {
      ScenarioSource.Resolved resolved =
          scenarios.fromDomain(request.domain(), request.input(), billed.limits());
      return create(billed, request.engineVersion(), resolved);
    }
  }

  /** The organization a new simulation is billed to, and its license's tier. */
  private record Billed(UUID organization, Tier tier) {
    SizeLimits limits() {
      return ScenarioSource.limitsOf(tier);
    }
  }

  private Billed billed(Caller caller, UUID requestedOrganization) {
    UUID organization = BillingOrganizations.resolve(caller, requestedOrganization);
    return new Billed(organization, organizations.tierOf(organization));
  }

  /**
   * Creates and runs, in one transaction: the new simulation is stored already advanced, its run
   * and ticks counted in one update (docs/performance.md, "Simulation HTTP"). The count is taken
   * with a condition at the commit, never held across the run; runs known to be used up are refused
   * before any tick is computed, so only a run that loses a race for the period's last run computes
   * its ticks for nothing. The ticks are computed once: the answer's trace ({@code ndjson} or not,
   * with the {@code agents} asked for) is written while they are, kept in memory up to {@code
   * simulations.runTraceBuffer}, and sent after the commit; a larger one is replayed then.
   */
  public Traceable createAndRun(
      Caller caller, RunSimulationRequest request, boolean ndjson, TraceAgents agents) {
    UUID organization = BillingOrganizations.resolve(caller, request.organizationId());
    Instant now = store.now();
    // the tier and the period's runs in one read; refused in the order of a plain create
    SimulationStore.RunBilling billing = store.runBilling(organization, now);
    Tier tier = billing.tier();
    // the scenario, the engine and the trace live until the answer is written
    memory.reserveForRequest(
        WorkingMemory.heapOfAgents(scenarios.agentsAtMost(request.domain(), request.input())));
    ScenarioSource.Resolved resolved =
        scenarios.fromIdOrDomain(
            request.scenarioId(), request.domain(), request.input(), ScenarioSource.limitsOf(tier));
    EngineVersion version = catalog.engines().require(request.engineVersion());
    Quotas.checkTicks(tier, 0, request.ticks());
    billing.requireRunLeft();
    Simulation simulation = catalog.newSimulation(version, resolved.scenario());
    SimulationRow row = newRow(organization, resolved, version, simulation, now);
    TraceForm form =
        new TraceForm(
            ndjson, AgentsShown.resolve(agents, resolved.scenario().agents().size(), () -> tier));
    ComputedTrace answer = new ComputedTrace(simulation, form, runTraceBuffer);
    long ticks =
        locks.locked(
            row.id(), () -> advancer.advanceNew(row, simulation, tier, request.ticks(), answer));
    return new Traceable(row, ticks, resolved.scenario(), form, answer.finish().orElse(null));
  }

  /**
   * Keeps run {@code id} of an experiment as a simulation of {@code organization} (its trace,
   * prophecies and state, readable as any simulation's), computed again from its scenario: the
   * engine being deterministic, it is the run the experiment computed. Counts nothing. False when
   * it was kept already (its chunk ran again after a crash).
   */
  public boolean keepRun(
      UUID id,
      UUID organization,
      String scenarioId,
      Scenario scenario,
      String engineVersion,
      int ticks) {
    EngineVersion version = catalog.engines().require(engineVersion);
    Tier tier = organizations.tierOf(organization);
    Simulation simulation = version.newSimulation(scenario);
    ScenarioSource.Resolved resolved = new ScenarioSource.Resolved(scenarioId, scenario);
    SimulationRow row = newRow(id, organization, resolved, version, simulation, store.now());
    return advancer.keepNew(row, simulation, tier, ticks);
  }

  /** The heap a domain's new simulation takes while it is built and stored (none without one). */
  private WorkingMemory.Reservation reserveFor(String domain, JsonNode input) {
    return memory.reserveForAgents(scenarios.agentsAtMost(domain, input));
  }

  private SimulationCreated create(
      Billed billed, String engineVersion, ScenarioSource.Resolved resolved) {
    UUID organization = billed.organization();
    EngineVersion version = catalog.engines().require(engineVersion);
    Tier tier = billed.tier();
    Simulation simulation = catalog.newSimulation(version, resolved.scenario());
    Instant now = store.now();
    SimulationRow row = newRow(organization, resolved, version, simulation, now);
    store.insert(row, tier, now);
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
    return newRow(UUID.randomUUID(), organization, resolved, version, simulation, now);
  }

  private static SimulationRow newRow(
      UUID id,
      UUID organization,
      ScenarioSource.Resolved resolved,
      EngineVersion version,
      Simulation simulation,
      Instant now) {
    return new SimulationRow(
        id,
        organization,
        resolved.scenarioId(),
        simulation.scenarioJson(),
        version.id(),
        SimulationStatus.CREATED.wireName(),
        0,
        0,
        1.0,
        SimulationStore.stateJson(simulation.state()),
        now,
        now,
        0,
        null,
        GammaWindow.initial(simulation).json());
  }
}
