package io.causality.sim.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.experiments.Collect;
import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.core.experiments.Outcome;
import io.causality.sim.core.experiments.ParameterGrid;
import io.causality.sim.core.experiments.Series;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The experiment the experiments' driver measures ({@link ExperimentsLoad}), as the API takes it
 * and as the engine computes it in process: chaos-storm with lambda over ten values, {@code runs /
 * 10} replications of {@code ticks} ticks, b and lost collected every 5 ticks, every outcome
 * reporter. Ten values, not three, let the measured experiment reach 100,000 runs: its runs per
 * second, not the JIT's and the pool's first seconds, which a 30,000-run experiment on two workers
 * (under 2 s) was short enough to show.
 */
final class ExperimentsWorkload {
  static final String SCENARIO = "chaos-storm";
  static final int EVERY = 5;
  private static final String LAMBDAS = "0.5, 0.8, 1.1, 1.4, 1.7, 2, 2.3, 2.6, 2.9, 3.2";
  private static final ObjectMapper JSON = new ObjectMapper();

  private ExperimentsWorkload() {}

  /**
   * The body of {@code POST /v1/experiments}: 10 × (runs / 10) runs, at least 10, up to 100,000 (a
   * combination's replications are 10,000 at most), the strategic tier's most per experiment.
   */
  static String definition(int runs, int ticks) {
    int combinations = LAMBDAS.split(",").length;
    return "{\"scenarioId\": \""
        + SCENARIO
        + "\", \"parameters\": {\"agents[*].policy.lambda\": ["
        + LAMBDAS
        + "]}, \"replications\": "
        + Math.max(1, runs / combinations)
        + ", \"ticks\": "
        + ticks
        + ", \"collect\": {\"series\": [\"b\", \"lost\"], \"every\": "
        + EVERY
        + "}}";
  }

  /** The same definition, parsed as the server parses it, on the newest engine. */
  static Experiment experiment(int runs, int ticks, EngineRegistry engines) {
    Scenario base = ScenarioCatalog.standard().find(SCENARIO).orElseThrow();
    JsonNode definition = read(definition(runs, ticks));
    Issues issues = new Issues();
    ParameterGrid grid = ParameterGrid.parse(definition.get("parameters"), base, issues);
    issues.throwIfAny();
    return new Experiment(
        SCENARIO,
        base,
        engines.latest().id(),
        base.seed(),
        grid,
        definition.get("replications").intValue(),
        ticks,
        new Collect(List.of(Series.B, Series.LOST), EVERY, List.of(Outcome.values())),
        false);
  }

  private static JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
