package io.causality.sim.core.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.api.ExperimentCollect;
import io.causality.sim.api.ExperimentParameter;
import io.causality.sim.api.ExperimentProgress;
import io.causality.sim.api.ExperimentRunView;
import io.causality.sim.api.ExperimentView;
import io.causality.sim.db.ExperimentRow;
import io.causality.sim.db.ExperimentRunRow;
import io.causality.sim.engine.json.Num;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows as the API shows them. Numbers the engine computed are rounded as in traces ({@code
 * Num.format}: six decimals), so that a run's row is the same bytes whoever computed it.
 */
final class ExperimentViews {
  private ExperimentViews() {}

  static ExperimentView experiment(ExperimentRow row, int running) {
    Plan plan = Plan.parse(row.planJson());
    return new ExperimentView(
        row.id(),
        row.organizationId(),
        row.status(),
        row.scenarioId(),
        row.engineVersion(),
        plan.seed(),
        plan.grid().parameters().stream()
            .map(p -> new ExperimentParameter(p.path(), p.values()))
            .toList(),
        (int) plan.grid().combinations(),
        plan.replications(),
        plan.ticks(),
        collect(plan.collect()),
        plan.keepTraces(),
        new ExperimentProgress(row.runsDone(), running, row.runsFailed(), row.totalRuns()),
        row.createdAt(),
        row.updatedAt(),
        row.finishedAt());
  }

  static ExperimentCollect collect(Collect collect) {
    return new ExperimentCollect(
        collect.series().stream().map(Series::wireName).toList(),
        collect.every(),
        collect.outcomes().stream().map(Outcome::wireName).toList());
  }

  static ExperimentRunView run(ExperimentRunRow row, Plan plan) {
    int combination = plan.combinationOf(row.runIndex());
    boolean done = row.status().equals(RunStatus.DONE);
    return new ExperimentRunView(
        row.runIndex(),
        combination,
        plan.replicationOf(row.runIndex()),
        parameters(plan, combination),
        row.seed(),
        row.status(),
        done ? outcomes(row, plan.collect().outcomes()) : null,
        row.simulationId(),
        row.error());
  }

  /** The values of a combination by path, in the parameters' order. */
  static Map<String, JsonNode> parameters(Plan plan, int combination) {
    List<JsonNode> values = plan.grid().valuesOf(combination);
    Map<String, JsonNode> out = new LinkedHashMap<>();
    for (int k = 0; k < values.size(); k++) {
      out.put(plan.grid().parameters().get(k).path(), values.get(k));
    }
    return out;
  }

  private static Map<String, Object> outcomes(ExperimentRunRow row, List<Outcome> chosen) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Outcome outcome : chosen) {
      out.put(
          outcome.wireName(),
          switch (outcome) {
            case FINAL_B -> decimal(row.finalB());
            case LOSSES -> row.losses();
            case PARADOXES -> row.paradoxes();
            case TICKS_TO_BREACH -> row.ticksToBreach();
          });
    }
    return out;
  }

  static BigDecimal decimal(double value) {
    return new BigDecimal(Num.format(value));
  }

  /** The wire names of a run's status. */
  static final class RunStatus {
    static final String DONE = "done";
    static final String FAILED = "failed";

    private RunStatus() {}
  }
}
