package io.causality.sim.engine.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.EngineLimits;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.json.JsonIn;
import io.causality.sim.engine.json.Num;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Grid;
import io.causality.sim.engine.model.NodeLabels;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads a scenario from JSON: the inline form of the API ({@code seed, agents, initialState},
 * optional {@code nodeLabels, rules}) and the catalog form (plus {@code id, label, tags, note}).
 * All problems are reported in one {@link EngineValidationException}, paths starting with the
 * caller's prefix: {@code scenario.agents[0].marker.x}.
 */
public final class ScenarioParser {
  private static final int TEXT = 200;
  private static final int NOTE = 2_000;

  private ScenarioParser() {}

  /** A scenario within the engine's limits ({@link SizeLimits#ENGINE}). */
  public static Scenario parse(JsonNode node, String prefix) {
    return parse(node, prefix, SizeLimits.ENGINE);
  }

  /**
   * A scenario within {@code limits} (a license's): too many agents or attractors is an issue at
   * {@code agents} or {@code initialState.attractors} that names the limit.
   */
  public static Scenario parse(JsonNode node, String prefix, SizeLimits limits) {
    Issues issues = new Issues();
    JsonIn root = JsonIn.root(node, prefix, issues);
    if (!root.requireObject()) {
      issues.throwIfAny();
    }
    Scenario scenario = read(root, limits);
    issues.throwIfAny();
    return scenario;
  }

  /**
   * Checks a scenario made otherwise (a domain adapter, the catalog) against {@code limits}: one
   * issue at {@code path} for too many agents, one for too many attractors.
   */
  public static void requireWithin(Scenario scenario, SizeLimits limits, String path) {
    Issues issues = new Issues();
    if (scenario.agents().size() > limits.agents()) {
      issues.add(
          path,
          "the scenario has "
              + scenario.agents().size()
              + " agents; at most "
              + limits.agents()
              + limits.why());
    }
    if (scenario.attractors().size() > limits.attractors()) {
      issues.add(
          path,
          "the scenario has "
              + scenario.attractors().size()
              + " attractors; at most "
              + limits.attractors()
              + limits.why());
    }
    issues.throwIfAny();
  }

  private static Scenario read(JsonIn root, SizeLimits limits) {
    long seed = root.get("seed").integer(Long.MIN_VALUE, Long.MAX_VALUE);
    String id = root.get("id").text(EngineLimits.MAX_NAME_LENGTH, null);
    String label = root.get("label").text(TEXT, null);
    String note = root.get("note").text(NOTE, null);
    List<String> tags = tags(root.get("tags"));
    NodeLabels labels = nodeLabels(root.get("nodeLabels"));
    Map<Rule, Double> rules = rules(root.get("rules"));
    JsonIn initial = root.get("initialState");
    Grid grid = initial.requireObject() ? grid(initial.get("grid")) : new Grid(0, 0);
    List<AttractorSpec> attractors =
        initial.present() ? attractors(initial.get("attractors"), grid, limits) : List.of();
    List<AgentSpec> agents = agents(root.get("agents"), grid, attractors, limits);
    return new Scenario(id, label, seed, tags, note, labels, rules, grid, attractors, agents);
  }

  private static List<String> tags(JsonIn in) {
    List<String> tags = new ArrayList<>();
    for (JsonIn tag : in.optionalArray(20)) {
      String value = tag.text(EngineLimits.MAX_NAME_LENGTH);
      if (value != null) {
        tags.add(value);
      }
    }
    return tags;
  }

  private static NodeLabels nodeLabels(JsonIn in) {
    if (!in.optionalObject()) {
      return NodeLabels.DEFAULT;
    }
    String x = in.get("x").text(TEXT, "x");
    String y = in.get("y").text(TEXT, "y");
    return new NodeLabels(x == null ? "x" : x, y == null ? "y" : y);
  }

  private static Map<Rule, Double> rules(JsonIn in) {
    Map<Rule, Double> out = new EnumMap<>(Rule.class);
    for (Map.Entry<String, JsonIn> field : in.fields().entrySet()) {
      Rule rule = Rule.byName(field.getKey()).orElse(null);
      if (rule == null) {
        field.getValue().fail("unknown rule; rules: " + Rule.names());
      } else {
        out.put(rule, InputParser.ruleValue(rule, field.getValue()));
      }
    }
    Rules.v1Defaults()
        .withAll(out)
        .costProblem()
        .ifPresent(problem -> in.get(Rule.PROPHECY_HORIZON.jsonName()).fail(problem));
    return out;
  }

  private static Grid grid(JsonIn in) {
    if (!in.requireObject()) {
      return new Grid(0, 0);
    }
    double width = in.get("width").number(1, EngineLimits.MAX_GRID_SIDE);
    double height = in.get("height").number(1, EngineLimits.MAX_GRID_SIDE);
    return new Grid(width, height);
  }

  private static List<AttractorSpec> attractors(JsonIn in, Grid grid, SizeLimits limits) {
    List<AttractorSpec> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (JsonIn item : in.optionalArray(limits.attractors(), limits.why())) {
      if (!item.requireObject()) {
        continue;
      }
      AttractorSpec spec = InputParser.attractor(item);
      within(item.get("x"), spec.x(), grid.width());
      within(item.get("y"), spec.y(), grid.height());
      if (!spec.name().isEmpty() && !names.add(spec.name())) {
        item.get("name").fail("duplicate attractor name '" + spec.name() + "'");
      }
      out.add(spec);
    }
    return out;
  }

  private static void within(JsonIn field, double value, double side) {
    if (side > 0 && value > side) {
      field.fail("must be within the grid [0, " + Num.format(side) + "]");
    }
  }

  private static List<AgentSpec> agents(
      JsonIn in, Grid grid, List<AttractorSpec> attractors, SizeLimits limits) {
    List<AgentSpec> out = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    Set<String> names = new HashSet<>();
    attractors.forEach(a -> names.add(a.name()));
    for (JsonIn item : in.array(limits.agents(), limits.why())) {
      if (!item.requireObject()) {
        continue;
      }
      AgentSpec agent = agent(item, grid, names);
      if (!agent.id().isEmpty() && !ids.add(agent.id())) {
        item.get("id").fail("duplicate agent id '" + agent.id() + "'");
      }
      out.add(agent);
    }
    return out;
  }

  private static AgentSpec agent(JsonIn in, Grid grid, Set<String> attractorNames) {
    String id = in.get("id").text(EngineLimits.MAX_NAME_LENGTH);
    id = id == null ? "" : id;
    JsonIn marker = in.get("marker");
    double x = Double.NaN;
    double y = Double.NaN;
    if (marker.requireObject()) {
      x = marker.get("x").number(0, EngineLimits.MAX_GRID_SIDE);
      y = marker.get("y").number(0, EngineLimits.MAX_GRID_SIDE);
      within(marker.get("x"), x, grid.width());
      within(marker.get("y"), y, grid.height());
    }
    JsonIn policy = in.get("policy");
    boolean hasPolicy = policy.optionalObject();
    double lambda =
        hasPolicy
            ? policy.get("lambda").number(0, EngineLimits.MAX_LAMBDA, AgentSpec.DEFAULT_LAMBDA)
            : AgentSpec.DEFAULT_LAMBDA;
    double gamma =
        hasPolicy
            ? policy.get("gamma").number(0, 1, AgentSpec.DEFAULT_GAMMA)
            : AgentSpec.DEFAULT_GAMMA;
    TreeMap<String, Double> prefs = preferences(in.get("attractorPreferences"), attractorNames);
    boolean heeds = in.get("heedsProphecies").bool(true);
    return new AgentSpec(id, x, y, lambda, gamma, prefs, heeds);
  }

  private static TreeMap<String, Double> preferences(JsonIn in, Set<String> names) {
    TreeMap<String, Double> out = new TreeMap<>();
    for (Map.Entry<String, JsonIn> field : in.fields().entrySet()) {
      double weight = field.getValue().number(0, 100);
      if (!names.contains(field.getKey())) {
        field.getValue().fail("unknown attractor '" + field.getKey() + "'");
      } else if (!Double.isNaN(weight)) {
        out.put(field.getKey(), weight);
      }
    }
    return out;
  }
}
