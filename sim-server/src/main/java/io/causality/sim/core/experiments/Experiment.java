package io.causality.sim.core.experiments;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.nio.charset.StandardCharsets;

/**
 * An experiment's definition, fixed when it is accepted: the scenario, the engine version, the
 * parameter grid, the replications, the ticks of each run and what is collected. Run {@code i} is
 * replication {@code i % replications} of combination {@code i / replications}; everything a run
 * computes follows from the definition and {@code i} alone, which is what makes the results the
 * same whoever runs them and in whatever order.
 *
 * @param seed the base seed of the combinations that do not vary {@code seed}
 */
public record Experiment(
    String scenarioId,
    Scenario scenario,
    String engineVersion,
    long seed,
    ParameterGrid grid,
    int replications,
    int ticks,
    Collect collect,
    boolean keepTraces) {
  /** Most runs of one experiment, whatever the license (which may allow fewer). */
  public static final int MAX_RUNS = 100_000;

  /** Most replications of one combination. */
  public static final int MAX_REPLICATIONS = 10_000;

  /** Most ticks of one run, as for a create-and-run. */
  public static final int MAX_TICKS = 10_000;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Combinations times replications, saturating (a grid too large is refused by it). */
  public long runs() {
    long combinations = grid.combinations();
    return combinations > Long.MAX_VALUE / replications
        ? Long.MAX_VALUE
        : combinations * replications;
  }

  public int combinationOf(int run) {
    return run / replications;
  }

  public int replicationOf(int run) {
    return run % replications;
  }

  /** The seed of run {@code run} ({@link RunSeeds}). */
  public long seedOf(int run) {
    long base = grid.seedOf(combinationOf(run)).orElse(seed);
    return RunSeeds.of(base, replicationOf(run));
  }

  /** The scenario run {@code run} simulates: the combination's values, the run's seed. */
  public Scenario scenarioOf(int run) {
    return grid.apply(scenario, combinationOf(run)).withSeed(seedOf(run));
  }

  /** The scenario as stored ({@code experiments.scenario_json}). */
  public String scenarioJson() {
    return new String(ScenarioJson.toBytes(scenario), StandardCharsets.UTF_8);
  }

  /** Everything but the scenario, as stored ({@code experiments.plan_json}). */
  public String planJson() {
    ObjectNode plan = JSON.createObjectNode();
    plan.put("seed", seed);
    ArrayNode parameters = plan.putArray("parameters");
    for (Parameter parameter : grid.parameters()) {
      ObjectNode item = parameters.addObject();
      item.put("path", parameter.path());
      item.putArray("values").addAll(parameter.values());
    }
    plan.put("replications", replications);
    plan.put("ticks", ticks);
    ObjectNode collected = plan.putObject("collect");
    ArrayNode series = collected.putArray("series");
    collect.series().forEach(s -> series.add(s.wireName()));
    collected.put("every", collect.every());
    ArrayNode outcomes = collected.putArray("outcomes");
    collect.outcomes().forEach(o -> outcomes.add(o.wireName()));
    plan.put("keepTraces", keepTraces);
    try {
      return JSON.writeValueAsString(plan);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The definition as {@link #scenarioJson} and {@link #planJson} stored it. */
  public static Experiment stored(
      String scenarioId, String engineVersion, String scenarioJson, String planJson) {
    Scenario scenario;
    try {
      scenario = ScenarioParser.parse(JSON.readTree(scenarioJson), "scenario");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A stored experiment's scenario does not read back", e);
    }
    Plan plan = Plan.parse(planJson);
    return new Experiment(
        scenarioId,
        scenario,
        engineVersion,
        plan.seed(),
        plan.grid(),
        plan.replications(),
        plan.ticks(),
        plan.collect(),
        plan.keepTraces());
  }
}
