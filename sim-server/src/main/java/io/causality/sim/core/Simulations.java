package io.causality.sim.core;

import io.causality.sim.core.events.SimulationEvents;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.db.SimulationWrites;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;

/**
 * What changes simulations, wired once: creating them, their inputs, their time (steps, play,
 * pause), the events told to listeners, and pausing what nobody plays. {@link #wire} is the one
 * place that builds these classes; none of them builds a collaborator itself.
 *
 * <p>Each change goes through {@link SimulationLocks} (the simulation's lock, made again when
 * another instance changed it first) and is stored by {@link SimulationStore} in one transaction
 * that tells the {@link Cluster}; {@link SimulationPublisher} then tells the listeners, still under
 * the lock.
 */
public record Simulations(
    SimulationCreation creation,
    SimulationInputs inputs,
    TimeControl time,
    SimulationPublisher publisher,
    LeftRunning leftRunning,
    SimulationHistory history) {

  /** What the simulations are built on. */
  public record Parts(
      Jdbi jdbi,
      SimulationAccess access,
      EngineCatalog catalog,
      WorkingMemory memory,
      LiveSimulations live,
      OrganizationService organizations,
      Clock clock,
      int snapshotInterval,
      int runTraceBuffer,
      SimulationEvents events,
      Playback playback,
      Cluster cluster) {}

  public static Simulations wire(Parts parts) {
    LiveSimulations live = parts.live();
    SimulationAccess access = parts.access();
    SimulationLocks locks = new SimulationLocks(live, parts.jdbi());
    SimulationStore store =
        new SimulationStore(
            parts.jdbi(),
            new SimulationWrites(parts.jdbi(), parts.cluster().shared()),
            parts.cluster(),
            parts.clock());
    SimulationPublisher publisher =
        new SimulationPublisher(access, live, store, parts.events(), parts.memory());
    SimulationAdvancer advancer =
        new SimulationAdvancer(
            parts.organizations(), live, store, publisher, parts.snapshotInterval());
    StatusChanges statuses = new StatusChanges(live, store, publisher, parts.playback());
    return new Simulations(
        new SimulationCreation(
            new ScenarioSource(parts.catalog()),
            parts.catalog(),
            parts.organizations(),
            store,
            live,
            locks,
            advancer,
            parts.memory(),
            parts.runTraceBuffer()),
        new SimulationInputs(access, locks, live, store, publisher, parts.organizations()),
        new TimeControl(
            access, locks, advancer, statuses, parts.playback(), publisher, parts.cluster()),
        publisher,
        new LeftRunning(parts.jdbi(), access, locks, statuses, parts.cluster()),
        new SimulationHistory(parts.jdbi(), access, locks, live, store, publisher));
  }
}
