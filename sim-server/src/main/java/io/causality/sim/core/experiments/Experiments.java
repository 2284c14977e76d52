package io.causality.sim.core.experiments;

import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.ScenarioSource;
import io.causality.sim.core.SimulationCreation;
import io.causality.sim.core.WorkingMemory;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.db.ExperimentWrites;
import io.causality.sim.db.RunQueue;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;

/**
 * Experiments (docs/experiments.md), wired once: accepting them, reading them, cancelling them, and
 * the work the queue's workers do. {@link #wire} is the one place that builds these classes.
 */
public record Experiments(
    ExperimentSubmission submission,
    ExperimentReader reader,
    ExperimentControl control,
    ExperimentWork work) {

  /**
   * What experiments are built on; {@code keeper} keeps runs as simulations; {@code shared}: other
   * instances may share the database ({@link io.causality.sim.core.Cluster#shared}).
   */
  public record Parts(
      Jdbi jdbi,
      EngineCatalog catalog,
      WorkingMemory memory,
      OrganizationService organizations,
      SimulationCreation keeper,
      RunQueue queue,
      Clock clock,
      boolean shared) {}

  public static Experiments wire(Parts parts) {
    Jdbi jdbi = parts.jdbi();
    ExperimentWrites writes = new ExperimentWrites(jdbi, parts.shared());
    ExperimentAccess access = new ExperimentAccess(jdbi);
    return new Experiments(
        new ExperimentSubmission(
            jdbi,
            new ScenarioSource(parts.catalog()),
            parts.catalog(),
            parts.memory(),
            parts.organizations(),
            writes,
            parts.queue(),
            parts.clock()),
        new ExperimentReader(jdbi, access),
        new ExperimentControl(jdbi, access, parts.queue(), parts.clock()),
        new ExperimentWork(
            jdbi,
            writes,
            parts.queue(),
            new Definitions(jdbi, parts.memory()),
            new ExperimentRunner(parts.catalog().engines()),
            parts.keeper(),
            access,
            parts.clock()));
  }
}
