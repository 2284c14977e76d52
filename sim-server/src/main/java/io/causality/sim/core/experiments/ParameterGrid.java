package io.causality.sim.core.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.json.JsonIn;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import io.causality.sim.engine.model.Scenario;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The combinations of an experiment's parameters: every value of the first parameter with every
 * value of the second, and so on, the first varying slowest (as nested loops in the order the
 * parameters were given). No parameter: one combination, the scenario as it is.
 */
public final class ParameterGrid {
  /** Most parameters one experiment varies. */
  public static final int MAX_PARAMETERS = 8;

  /** Most values of one parameter (a list's items, a range's steps). */
  public static final int MAX_VALUES = 1_000;

  private static final MathContext RANGE_DIGITS = new MathContext(12);

  private final List<Parameter> parameters;
  private final long combinations;

  public ParameterGrid(List<Parameter> parameters) {
    this.parameters = List.copyOf(parameters);
    long product = 1;
    for (Parameter parameter : this.parameters) {
      int size = parameter.values().size();
      // saturates: a grid too large to run is refused by its run count, not by an overflow
      product = size == 0 || product > Long.MAX_VALUE / size ? Long.MAX_VALUE : product * size;
    }
    this.combinations = product;
  }

  public List<Parameter> parameters() {
    return parameters;
  }

  /** How many combinations the values make (may be large: the caller bounds the runs). */
  public long combinations() {
    return combinations;
  }

  /**
   * Reads {@code parameters} (absent or null: none) against {@code scenario}, adding one issue per
   * bad field under {@code parameters.<path>}: an unknown path, a name the scenario lacks, a value
   * of the wrong kind or out of range, a malformed range, overlapping paths, and rule combinations
   * that break the prophecy cost bound.
   */
  public static ParameterGrid parse(JsonNode node, Scenario scenario, Issues issues) {
    JsonIn root = JsonIn.root(node, "parameters", issues);
    List<Parameter> parameters = new ArrayList<>();
    if (!root.present()) {
      return new ParameterGrid(parameters);
    }
    if (!root.optionalObject()) {
      return new ParameterGrid(parameters);
    }
    if (node.size() > MAX_PARAMETERS) {
      root.fail("must have at most " + MAX_PARAMETERS + " paths");
      return new ParameterGrid(parameters);
    }
    Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
    while (fields.hasNext()) {
      String path = fields.next().getKey();
      parameter(path, root.get(path), scenario, parameters).ifPresent(parameters::add);
    }
    checkRuleCost(parameters, scenario, root, issues);
    return new ParameterGrid(parameters);
  }

  private static Optional<Parameter> parameter(
      String path, JsonIn in, Scenario scenario, List<Parameter> earlier) {
    Optional<ParameterPath> target = ParameterPath.parse(path);
    if (target.isEmpty()) {
      in.fail("unknown parameter path; paths: " + ParameterPath.FORMS);
      return Optional.empty();
    }
    Optional<String> missing = target.get().problemIn(scenario);
    if (missing.isPresent()) {
      in.fail(missing.get());
      return Optional.empty();
    }
    for (Parameter other : earlier) {
      if (other.target().overlaps(target.get())) {
        in.fail("overlaps " + other.path() + ": each value is varied by one path");
        return Optional.empty();
      }
    }
    int before = in.issues().size();
    List<JsonNode> values = values(target.get(), in);
    return in.issues().size() == before
        ? Optional.of(new Parameter(path, target.get(), values))
        : Optional.empty();
  }

  private static List<JsonNode> values(ParameterPath target, JsonIn in) {
    JsonNode node = in.node();
    if (node.isArray()) {
      List<JsonNode> values = new ArrayList<>();
      for (JsonIn item : in.optionalArray(MAX_VALUES)) {
        values.add(value(target, item));
      }
      if (node.isEmpty()) {
        in.fail("must have between 1 and " + MAX_VALUES + " items");
      }
      return values;
    }
    if (node.isObject() && !target.isBoolean()) {
      return range(target, in);
    }
    in.fail(
        target.isBoolean()
            ? "must be a list of booleans"
            : "must be a list of values or a range {from, to, steps}");
    return List.of();
  }

  /** {@code {from, to, steps}}: steps values from from to to, evenly spaced, both included. */
  private static List<JsonNode> range(ParameterPath target, JsonIn in) {
    in.fields().keySet().stream()
        .filter(name -> !List.of("from", "to", "steps").contains(name))
        .forEach(name -> in.get(name).fail("unknown field; a range has from, to and steps"));
    JsonNode from = value(target, in.get("from"));
    JsonNode to = value(target, in.get("to"));
    long steps = in.get("steps").integer(1, MAX_VALUES);
    if (from == null || to == null || steps == 0) {
      return List.of();
    }
    List<JsonNode> values = new ArrayList<>();
    for (long i = 0; i < steps; i++) {
      values.add(step(target, from, to, i, steps));
    }
    if (target.isInteger() && values.stream().anyMatch(v -> v == null)) {
      in.get("steps").fail("gives values that are not whole numbers for an integer rule");
      return List.of();
    }
    return values;
  }

  private static JsonNode step(ParameterPath target, JsonNode from, JsonNode to, long i, long n) {
    if (target.isSeed()) {
      long a = from.longValue();
      long b = to.longValue();
      return LongNode.valueOf(n == 1 ? a : a + (long) ((double) (b - a) * i / (n - 1)));
    }
    double a = from.doubleValue();
    double b = to.doubleValue();
    double value = n == 1 ? a : a + (b - a) * i / (n - 1);
    // 12 significant digits: 0.1 + 2 x 0.1 is 0.3, not 0.30000000000000004
    double rounded = new BigDecimal(value).round(RANGE_DIGITS).doubleValue();
    if (target.isInteger()) {
      return rounded == Math.rint(rounded) ? LongNode.valueOf((long) rounded) : null;
    }
    return number(rounded);
  }

  /** One value of the path's kind and range; null (and an issue) when bad. */
  private static JsonNode value(ParameterPath target, JsonIn in) {
    int before = in.issues().size();
    JsonNode value;
    if (target.isSeed()) {
      value = LongNode.valueOf(in.integer(Long.MIN_VALUE, Long.MAX_VALUE));
    } else if (target.isBoolean()) {
      if (!in.node().isBoolean()) {
        in.fail(in.present() ? "must be a boolean" : "is required");
      }
      value = BooleanNode.valueOf(in.node().asBoolean());
    } else if (target.isInteger()) {
      value = LongNode.valueOf(in.integer((long) target.min(), (long) target.max()));
    } else {
      value = number(in.number(target.min(), target.max()));
    }
    return in.issues().size() == before ? value : null;
  }

  private static JsonNode number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 0x1.0p53
        ? LongNode.valueOf((long) value)
        : DoubleNode.valueOf(value);
  }

  /** Every combination of rule values must keep prophecies within the engine's cost bound. */
  private static void checkRuleCost(
      List<Parameter> parameters, Scenario scenario, JsonIn root, Issues issues) {
    List<Parameter> rules =
        parameters.stream().filter(p -> p.target().kind() == ParameterPath.Kind.RULE).toList();
    if (rules.isEmpty()) {
      return;
    }
    ParameterGrid grid = new ParameterGrid(rules);
    if (grid.combinations() > Experiment.MAX_RUNS) {
      return; // refused by its run count
    }
    for (long c = 0; c < grid.combinations(); c++) {
      Map<Rule, Double> overrides = new EnumMap<>(Rule.class);
      overrides.putAll(scenario.ruleOverrides());
      grid.ruleValues((int) c, overrides);
      Optional<String> problem = Rules.v1Defaults().withAll(overrides).costProblem();
      if (problem.isPresent()) {
        String path = rules.get(rules.size() - 1).path();
        issues.add(root.get(path).path(), "a combination breaks the cost bound: " + problem.get());
        return;
      }
    }
  }

  /** The values of combination {@code c}, one per parameter, in parameter order. */
  public List<JsonNode> valuesOf(int combination) {
    List<JsonNode> values = new ArrayList<>(parameters.size());
    long stride = combinations;
    long rest = combination;
    for (Parameter parameter : parameters) {
      stride /= parameter.values().size();
      values.add(parameter.values().get((int) (rest / stride)));
      rest %= stride;
    }
    return values;
  }

  /** The seed combination {@code c} sets, if {@code seed} is a parameter. */
  public OptionalLong seedOf(int combination) {
    List<JsonNode> values = valuesOf(combination);
    for (int k = 0; k < parameters.size(); k++) {
      if (parameters.get(k).target().isSeed()) {
        return OptionalLong.of(values.get(k).longValue());
      }
    }
    return OptionalLong.empty();
  }

  /**
   * {@code base} with the values of combination {@code c} (the seed aside: see {@link #seedOf}).
   */
  public Scenario apply(Scenario base, int combination) {
    List<JsonNode> values = valuesOf(combination);
    List<AgentSpec> agents = new ArrayList<>(base.agents());
    List<AttractorSpec> attractors = new ArrayList<>(base.attractors());
    Map<Rule, Double> rules = new EnumMap<>(Rule.class);
    rules.putAll(base.ruleOverrides());
    for (int k = 0; k < parameters.size(); k++) {
      ParameterPath target = parameters.get(k).target();
      JsonNode value = values.get(k);
      switch (target.kind()) {
        case SEED -> {
          // the run's seed derives from it (RunSeeds)
        }
        case LAMBDA, GAMMA, AGENT_LAMBDA, AGENT_GAMMA ->
            setPolicy(agents, target, value.doubleValue());
        case STRENGTH -> setStrength(attractors, target.name(), value.doubleValue());
        case RULE -> rules.put(target.rule(), ruleValue(value));
      }
    }
    return new Scenario(
        base.id(),
        base.label(),
        base.seed(),
        base.tags(),
        base.note(),
        base.nodeLabels(),
        rules,
        base.grid(),
        attractors,
        agents);
  }

  private void ruleValues(int combination, Map<Rule, Double> into) {
    List<JsonNode> values = valuesOf(combination);
    for (int k = 0; k < parameters.size(); k++) {
      into.put(parameters.get(k).target().rule(), ruleValue(values.get(k)));
    }
  }

  private static double ruleValue(JsonNode value) {
    return value.isBoolean() ? (value.booleanValue() ? 1 : 0) : value.doubleValue();
  }

  private static void setPolicy(List<AgentSpec> agents, ParameterPath target, double value) {
    boolean lambda =
        target.kind() == ParameterPath.Kind.LAMBDA
            || target.kind() == ParameterPath.Kind.AGENT_LAMBDA;
    for (int i = 0; i < agents.size(); i++) {
      AgentSpec a = agents.get(i);
      if (target.name() == null || target.name().equals(a.id())) {
        agents.set(
            i,
            new AgentSpec(
                a.id(),
                a.x(),
                a.y(),
                lambda ? value : a.lambda(),
                lambda ? a.gamma() : value,
                a.preferences(),
                a.heedsProphecies()));
      }
    }
  }

  private static void setStrength(List<AttractorSpec> attractors, String name, double value) {
    for (int i = 0; i < attractors.size(); i++) {
      AttractorSpec a = attractors.get(i);
      if (a.name().equals(name)) {
        attractors.set(i, new AttractorSpec(a.name(), a.x(), a.y(), value, a.radius()));
      }
    }
  }
}
