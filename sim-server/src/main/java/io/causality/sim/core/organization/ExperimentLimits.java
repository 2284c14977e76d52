package io.causality.sim.core.organization;

/**
 * What a license allows of experiments (docs/licensing.md, "Experiments"): runs in one experiment,
 * experiments queued or running at once, and runs of one experiment kept as simulations ({@code
 * keepTraces}). Every run also counts against the tier's {@code maxSimulationRuns}.
 */
public record ExperimentLimits(
    int maxRunsPerExperiment, int maxConcurrentExperiments, int maxKeptTraces) {

  /** The limits of {@code tier}. */
  public static ExperimentLimits of(Tier tier) {
    return switch (tier) {
      case COMMUNITY -> new ExperimentLimits(100, 1, 10);
      case PROFESSIONAL -> new ExperimentLimits(1_000, 2, 100);
      case ENTERPRISE -> new ExperimentLimits(10_000, 5, 1_000);
      case STRATEGIC -> new ExperimentLimits(100_000, 20, 10_000);
    };
  }
}
