package io.causality.sim.core.experiments;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * An experiment's definition without its scenario ({@code experiments.plan_json}): what views, runs
 * and aggregates need, read without parsing a scenario of up to thousands of agents. Outside this
 * package it is only handed back (a streamed answer's checked experiment).
 */
public record Plan(
    long seed,
    ParameterGrid grid,
    int replications,
    int ticks,
    Collect collect,
    boolean keepTraces) {
  private static final ObjectMapper JSON = new ObjectMapper();

  static Plan of(Experiment experiment) {
    return new Plan(
        experiment.seed(),
        experiment.grid(),
        experiment.replications(),
        experiment.ticks(),
        experiment.collect(),
        experiment.keepTraces());
  }

  static Plan parse(String planJson) {
    try {
      JsonNode plan = JSON.readTree(planJson);
      return new Plan(
          plan.get("seed").longValue(),
          grid(plan.get("parameters")),
          plan.get("replications").intValue(),
          plan.get("ticks").intValue(),
          collect(plan.get("collect")),
          plan.get("keepTraces").booleanValue());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A stored experiment's plan does not read back", e);
    }
  }

  int combinationOf(int run) {
    return run / replications;
  }

  int replicationOf(int run) {
    return run % replications;
  }

  private static ParameterGrid grid(JsonNode parameters) {
    List<Parameter> out = new ArrayList<>();
    for (JsonNode item : parameters) {
      String path = item.get("path").textValue();
      List<JsonNode> values = new ArrayList<>();
      item.get("values").forEach(values::add);
      out.add(new Parameter(path, ParameterPath.parse(path).orElseThrow(), values));
    }
    return new ParameterGrid(out);
  }

  private static Collect collect(JsonNode node) {
    List<Series> series = new ArrayList<>();
    node.get("series").forEach(s -> series.add(Series.fromWireName(s.textValue()).orElseThrow()));
    List<Outcome> outcomes = new ArrayList<>();
    node.get("outcomes")
        .forEach(o -> outcomes.add(Outcome.fromWireName(o.textValue()).orElseThrow()));
    return new Collect(series, node.get("every").intValue(), outcomes);
  }
}
