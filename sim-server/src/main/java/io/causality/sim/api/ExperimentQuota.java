package io.causality.sim.api;

/**
 * The license's limits an experiment meets, and where the organization stands: runs of the billing
 * period, runs per experiment, experiments under way (queued or running), ticks per run and kept
 * traces per experiment.
 */
public record ExperimentQuota(
    String tier,
    long maxSimulationRuns,
    long simulationRunsUsed,
    long simulationRunsLeft,
    int maxRunsPerExperiment,
    int maxConcurrentExperiments,
    int experimentsUnderWay,
    int maxTicksPerRun,
    int maxKeptTraces) {}
