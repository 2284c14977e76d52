package io.causality.sim.engine.input;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.EngineLimits;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.json.JsonIn;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Rule;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Validates and builds inputs from JSON. Checks here need no simulation (types, ranges, required
 * fields); checks against a simulation's state (does the agent or attractor exist, is the point on
 * the grid) happen when the input is submitted. Every bad field is reported, with paths {@code
 * type}, {@code payload.<field>}, {@code agentId} and {@code policy.<field>}.
 */
public final class InputParser {
  private static final int NAME = EngineLimits.MAX_NAME_LENGTH;
  private static final double SIDE = EngineLimits.MAX_GRID_SIDE;

  private InputParser() {}

  /** A decree from its wire type and payload. */
  public static Decree decree(String type, JsonNode payload) {
    Issues issues = new Issues();
    Optional<DecreeType> known = type == null ? Optional.empty() : DecreeType.byWireName(type);
    if (known.isEmpty()) {
      issues.add(
          "type",
          "unsupported decree type '"
              + type
              + "'; supported types: "
              + String.join(", ", DecreeType.wireNames()));
    }
    JsonIn in = JsonIn.root(payload, "payload", issues);
    if (!in.requireObject() || known.isEmpty()) {
      issues.throwIfAny();
    }
    Decree decree = read(known.orElseThrow(), in);
    issues.throwIfAny();
    return decree;
  }

  private static Decree read(DecreeType type, JsonIn in) {
    return switch (type) {
      case SHOCK -> shock(in);
      case ATTRACTOR_ADD -> new Decree.AttractorAdd(attractor(in));
      case ATTRACTOR_MOVE -> attractorMove(in);
      case ATTRACTOR_REMOVE -> attractorRemove(in);
      case AGENT_POLICY -> agentPolicy(in);
      case AGENT_REMOVE -> agentRemove(in);
      case RULE_SET -> ruleSet(in);
    };
  }

  private static Decree shock(JsonIn in) {
    allowOnly(in, "magnitude", "x", "y", "radius");
    double magnitude = in.get("magnitude").number(0, 100);
    Double x = optional(in.get("x"), 0, SIDE);
    Double y = optional(in.get("y"), 0, SIDE);
    Double radius = optional(in.get("radius"), 0, 2 * SIDE);
    pairRequired(in, "x", "y");
    pairRequired(in, "y", "x");
    if (in.get("radius").present() && !in.get("x").present() && !in.get("y").present()) {
      in.get("radius").fail("needs x and y (the centre of the shock)");
    }
    return new Decree.Shock(magnitude, x, y, radius);
  }

  private static void pairRequired(JsonIn in, String given, String needed) {
    if (in.get(given).present() && !in.get(needed).present()) {
      in.get(needed).fail("is required when " + given + " is given");
    }
  }

  /** An attractor definition; shared with the scenario parser. */
  public static AttractorSpec attractor(JsonIn in) {
    allowOnly(in, "name", "x", "y", "strength", "radius");
    String name = in.get("name").text(NAME);
    double x = in.get("x").number(0, SIDE);
    double y = in.get("y").number(0, SIDE);
    double strength = in.get("strength").number(0, EngineLimits.MAX_STRENGTH);
    double radius = in.get("radius").number(0.01, SIDE);
    return new AttractorSpec(name == null ? "" : name, x, y, strength, radius);
  }

  private static Decree attractorMove(JsonIn in) {
    allowOnly(in, "name", "x", "y");
    String name = in.get("name").text(NAME);
    double x = in.get("x").number(0, SIDE);
    double y = in.get("y").number(0, SIDE);
    return new Decree.AttractorMove(name, x, y);
  }

  private static Decree attractorRemove(JsonIn in) {
    allowOnly(in, "name");
    return new Decree.AttractorRemove(in.get("name").text(NAME));
  }

  private static Decree agentPolicy(JsonIn in) {
    allowOnly(in, "agentId", "lambda", "gamma");
    String agentId = in.get("agentId").text(NAME);
    Double lambda = optional(in.get("lambda"), 0, EngineLimits.MAX_LAMBDA);
    Double gamma = optional(in.get("gamma"), 0, 1);
    requireOneOf(in, in.get("lambda"), in.get("gamma"));
    return new Decree.AgentPolicy(agentId, lambda, gamma);
  }

  private static Decree agentRemove(JsonIn in) {
    allowOnly(in, "agentId");
    return new Decree.AgentRemove(in.get("agentId").text(NAME));
  }

  private static Decree ruleSet(JsonIn in) {
    allowOnly(in, "name", "value");
    String name = in.get("name").text(NAME);
    Optional<Rule> rule = name == null ? Optional.empty() : Rule.byName(name);
    if (name != null && rule.isEmpty()) {
      in.get("name").fail("unknown rule '" + name + "'; rules: " + Rule.names());
    }
    JsonIn value = in.get("value");
    if (!value.present()) {
      value.fail("is required");
      return new Decree.RuleSet(Rule.ZERO_SUM_ATTRACTOR_CAPTURE, 0);
    }
    return rule.map(r -> new Decree.RuleSet(r, ruleValue(r, value)))
        .orElseGet(() -> new Decree.RuleSet(Rule.ZERO_SUM_ATTRACTOR_CAPTURE, 0));
  }

  /** A rule value of the rule's kind and range; shared with the scenario parser. */
  public static double ruleValue(Rule rule, JsonIn value) {
    JsonNode node = value.node();
    boolean ok =
        switch (rule.kind()) {
          case BOOLEAN -> node.isBoolean();
          case INTEGER -> node.isIntegralNumber() && inRange(rule, node.doubleValue());
          case NUMBER -> node.isNumber() && inRange(rule, node.doubleValue());
        };
    if (!ok) {
      value.fail(rule.expectation());
      return rule.defaultValue();
    }
    return rule.kind() == Rule.Kind.BOOLEAN ? (node.booleanValue() ? 1 : 0) : node.doubleValue();
  }

  private static boolean inRange(Rule rule, double v) {
    return Double.isFinite(v) && v >= rule.min() && v <= rule.max();
  }

  /**
   * The body of an agent-policy change: {@code {agentId, policy: {lambda?, gamma?}}}. Issue paths:
   * {@code agentId}, {@code policy}, {@code policy.lambda}, {@code policy.gamma}.
   */
  public static PolicyChange policyChange(JsonNode body) {
    Issues issues = new Issues();
    JsonIn in = JsonIn.root(body, "", issues);
    if (!in.requireObject()) {
      issues.throwIfAny();
    }
    String agentId = in.get("agentId").text(NAME);
    JsonIn policy = in.get("policy");
    Double lambda = null;
    Double gamma = null;
    if (policy.requireObject()) {
      lambda = optional(policy.get("lambda"), 0, EngineLimits.MAX_LAMBDA);
      gamma = optional(policy.get("gamma"), 0, 1);
      requireOneOf(policy, policy.get("lambda"), policy.get("gamma"));
    }
    issues.throwIfAny();
    return new PolicyChange(agentId, lambda, gamma);
  }

  /** A policy change from plain values, validated like the JSON form. */
  public static PolicyChange policyChange(String agentId, Double lambda, Double gamma) {
    Issues issues = new Issues();
    if (agentId == null || agentId.isBlank()) {
      issues.add("agentId", "is required");
    }
    checkRange(issues, "policy.lambda", lambda, EngineLimits.MAX_LAMBDA);
    checkRange(issues, "policy.gamma", gamma, 1);
    if (lambda == null && gamma == null) {
      issues.add("policy", "must set lambda, gamma or both");
    }
    issues.throwIfAny();
    return new PolicyChange(agentId, lambda, gamma);
  }

  private static void checkRange(Issues issues, String path, Double value, double max) {
    if (value != null && !(value >= 0 && value <= max)) {
      issues.add(path, "must be between 0 and " + (long) max);
    }
  }

  /** A persisted input as written by {@link InputJson}: {@code {tick, kind, ...}}. */
  public static ScheduledInput scheduled(JsonNode node) {
    Issues issues = new Issues();
    JsonIn in = JsonIn.root(node, "", issues);
    long tick = in.get("tick").integer(0, Long.MAX_VALUE);
    String kind = in.get("kind").text(16);
    issues.throwIfAny();
    EngineInput input =
        switch (kind) {
          case "decree" -> decree(node.path("type").asText(null), node.get("payload"));
          case "policy" ->
              policyChange(
                  node.path("agentId").asText(null),
                  nullableDouble(node.get("lambda")),
                  nullableDouble(node.get("gamma")));
          default -> throw EngineValidationException.of("kind", "must be decree or policy");
        };
    return new ScheduledInput(tick, input);
  }

  private static Double nullableDouble(JsonNode node) {
    return node == null || !node.isNumber() ? null : node.doubleValue();
  }

  private static Double optional(JsonIn field, double min, double max) {
    double v = field.number(min, max, Double.NaN);
    return Double.isNaN(v) ? null : v;
  }

  private static void requireOneOf(JsonIn parent, JsonIn first, JsonIn second) {
    if (!first.present() && !second.present()) {
      parent.fail("must set lambda, gamma or both");
    }
  }

  private static void allowOnly(JsonIn in, String... names) {
    List<String> allowed = List.of(names);
    for (Map.Entry<String, JsonIn> field : in.fields().entrySet()) {
      if (!allowed.contains(field.getKey())) {
        field.getValue().fail("unknown field; allowed: " + String.join(", ", names));
      }
    }
  }
}
