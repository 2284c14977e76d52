package io.causality.sim.core.experiments;

import io.causality.common.errors.ValidationIssue;
import io.causality.sim.api.ExperimentCollect;
import io.causality.sim.api.ExperimentRequest;
import io.causality.sim.core.ScenarioSource;
import io.causality.sim.core.errors.InvalidInputException;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.model.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Turns a request into an {@link Experiment}, checking what Bean Validation cannot: the parameter
 * paths and values against the scenario, the series and outcomes named, how many ticks a run
 * collects and how many runs the grid makes. Every problem is one issue of one 400.
 */
final class ExperimentRequests {
  private ExperimentRequests() {}

  static Experiment parse(
      ExperimentRequest request, ScenarioSource.Resolved resolved, EngineVersion version) {
    Scenario scenario = resolved.scenario();
    Issues issues = new Issues();
    ParameterGrid grid = ParameterGrid.parse(request.parameters(), scenario, issues);
    int replications = request.replications() == null ? 1 : request.replications();
    int ticks = request.ticks();
    Collect collect = collect(request.collect(), ticks, issues);
    List<ValidationIssue> problems = new ArrayList<>();
    issues.list().forEach(i -> problems.add(new ValidationIssue(i.path(), i.message())));
    Experiment experiment =
        new Experiment(
            resolved.scenarioId(),
            scenario,
            version.id(),
            request.seed() == null ? scenario.seed() : request.seed(),
            grid,
            replications,
            ticks,
            collect,
            Boolean.TRUE.equals(request.keepTraces()));
    runCount(experiment).ifPresent(problems::add);
    if (!problems.isEmpty()) {
      throw new InvalidInputException(
          "Invalid experiment: " + problems.get(0).path() + " " + problems.get(0).message(),
          problems);
    }
    return experiment;
  }

  private static Optional<ValidationIssue> runCount(Experiment experiment) {
    if (experiment.runs() <= Experiment.MAX_RUNS) {
      return Optional.empty();
    }
    String runs =
        experiment.runs() == Long.MAX_VALUE
            ? "more than " + Long.MAX_VALUE
            : "" + experiment.runs();
    return Optional.of(
        new ValidationIssue(
            "replications",
            "the parameters' combinations times the replications make "
                + runs
                + " runs; at most "
                + Experiment.MAX_RUNS));
  }

  /** Defaults: series [b], every ticks / 100 (at least 1), every outcome. */
  private static Collect collect(ExperimentCollect request, int ticks, Issues issues) {
    List<Series> series = new ArrayList<>();
    List<Outcome> outcomes = new ArrayList<>();
    List<String> seriesNames = request == null ? null : request.series();
    List<String> outcomeNames = request == null ? null : request.outcomes();
    if (seriesNames == null) {
      series.add(Series.B);
    } else {
      names(seriesNames, "collect.series", Series::fromWireName, Series.names(), series, issues);
    }
    if (outcomeNames == null) {
      outcomes.addAll(List.of(Outcome.values()));
    } else {
      names(
          outcomeNames,
          "collect.outcomes",
          Outcome::fromWireName,
          Outcome.names(),
          outcomes,
          issues);
    }
    int every =
        request == null || request.every() == null ? Math.max(1, ticks / 100) : request.every();
    if (Collect.points(ticks, every) > Collect.MAX_POINTS) {
      issues.add(
          "collect.every",
          "collects "
              + Collect.points(ticks, every)
              + " ticks of each run; at most "
              + Collect.MAX_POINTS
              + ": collect every "
              + (ticks - 1 + Collect.MAX_POINTS - 3) / (Collect.MAX_POINTS - 2)
              + " ticks or more");
    }
    return new Collect(series, every, outcomes);
  }

  private static <T> void names(
      List<String> names,
      String path,
      Function<String, Optional<T>> lookup,
      String known,
      List<T> into,
      Issues issues) {
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      Optional<T> found = name == null ? Optional.empty() : lookup.apply(name);
      if (found.isEmpty()) {
        issues.add(path + "[" + i + "]", "unknown name '" + name + "'; names: " + known);
      } else if (into.contains(found.get())) {
        issues.add(path + "[" + i + "]", "is named twice");
      } else {
        into.add(found.get());
      }
    }
  }
}
