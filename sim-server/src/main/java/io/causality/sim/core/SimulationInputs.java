package io.causality.sim.core;

import io.causality.sim.api.AgentPolicyRequest;
import io.causality.sim.api.DecreeRequest;
import io.causality.sim.api.DecreeView;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.SimulationRow;
import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.input.Decree;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputJson;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.input.ScheduledInput;
import java.time.Instant;
import java.util.UUID;

/**
 * The inputs of simulations: decrees and agent policy changes, queued for the next tick and stored
 * in submission order. A simulation is its inputs: the stored scenario, engine version and ordered
 * inputs rebuild it exactly (snapshots only make that faster).
 */
public final class SimulationInputs {
  private final SimulationAccess access;
  private final SimulationLocks locks;
  private final LiveSimulations live;
  private final SimulationStore store;
  private final SimulationPublisher publisher;
  private final OrganizationService organizations;

  SimulationInputs(
      SimulationAccess access,
      SimulationLocks locks,
      LiveSimulations live,
      SimulationStore store,
      SimulationPublisher publisher,
      OrganizationService organizations) {
    this.organizations = organizations;
    this.access = access;
    this.locks = locks;
    this.live = live;
    this.store = store;
    this.publisher = publisher;
  }

  public DecreeView submitDecree(Caller caller, UUID id, DecreeRequest request) {
    access.check(caller, id);
    EngineInput decree = InputParser.decree(request.type(), request.payload());
    InputRow row = locks.locked(id, () -> submit(id, decree, "decree", request.type()));
    return SimulationViews.decree(row);
  }

  public void updatePolicy(Caller caller, UUID id, AgentPolicyRequest request) {
    access.check(caller, id);
    EngineInput change =
        InputParser.policyChange(
            request.agentId(), request.policy().lambda(), request.policy().gamma());
    locks.locked(id, () -> submit(id, change, "policy", null));
  }

  /**
   * An attractor.add may not take a simulation past its license's attractors; other inputs change
   * no size, so the tier is read only for those.
   */
  private SizeLimits limitsFor(EngineInput input, SimulationRow row) {
    return input instanceof Decree.AttractorAdd
        ? ScenarioSource.limitsOf(organizations.tierOf(row.organizationId()))
        : SizeLimits.ENGINE;
  }

  /** Under the lock: queues an input for the next tick and stores it in submission order. */
  private InputRow submit(UUID id, EngineInput input, String kind, String type) {
    SimulationRow row = access.find(id);
    SimulationAccess.requireNotCompleted(row);
    LiveSimulations.Live instance = live.current(row);
    ScheduledInput scheduled = instance.simulation().submit(input, limitsFor(input, row));
    Instant now = store.now();
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
      store.storeInput(stored, row.version());
    } catch (RuntimeException e) {
      live.forget(id);
      throw e;
    }
    live.progressed(instance, row.ticksComputed(), row.inputCount() + 1, row.version() + 1);
    publisher.publishBetweenTicks(id, row.ticksComputed());
    return stored;
  }
}
