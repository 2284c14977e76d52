package io.causality.sim.core.experiments;

import io.causality.sim.engine.EngineLimits;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A place in a scenario that an experiment varies (docs/experiments.md, "Parameters"): the seed,
 * the policy of every agent or of one, an attractor's strength, or a rule.
 *
 * @param kind what the path names
 * @param name the agent id or attractor name ({@link Kind#AGENT_LAMBDA}, {@link Kind#AGENT_GAMMA},
 *     {@link Kind#STRENGTH}); null otherwise
 * @param rule the rule ({@link Kind#RULE}); null otherwise
 */
public record ParameterPath(Kind kind, String name, Rule rule) {
  /** What a path names, and so which values it takes. */
  public enum Kind {
    SEED,
    LAMBDA,
    GAMMA,
    AGENT_LAMBDA,
    AGENT_GAMMA,
    STRENGTH,
    RULE
  }

  /** The paths, as error messages list them. */
  public static final String FORMS =
      "seed, agents[*].policy.lambda, agents[*].policy.gamma, agents[<id>].policy.lambda, "
          + "agents[<id>].policy.gamma, attractors[<name>].strength, rules.<rule>";

  private static final Pattern AGENT =
      Pattern.compile("agents\\[([^\\]]{1,64})\\]\\.policy\\.(lambda|gamma)");
  private static final Pattern ATTRACTOR =
      Pattern.compile("attractors\\[([^\\]]{1,64})\\]\\.strength");
  private static final String RULES = "rules.";

  /** The path {@code text} names, if it has one of the {@link #FORMS}. */
  public static Optional<ParameterPath> parse(String text) {
    if (text.equals("seed")) {
      return Optional.of(new ParameterPath(Kind.SEED, null, null));
    }
    if (text.startsWith(RULES)) {
      return Rule.byName(text.substring(RULES.length()))
          .map(rule -> new ParameterPath(Kind.RULE, null, rule));
    }
    Matcher agent = AGENT.matcher(text);
    if (agent.matches()) {
      boolean lambda = agent.group(2).equals("lambda");
      return Optional.of(
          agent.group(1).equals("*")
              ? new ParameterPath(lambda ? Kind.LAMBDA : Kind.GAMMA, null, null)
              : new ParameterPath(
                  lambda ? Kind.AGENT_LAMBDA : Kind.AGENT_GAMMA, agent.group(1), null));
    }
    Matcher attractor = ATTRACTOR.matcher(text);
    if (attractor.matches()) {
      return Optional.of(new ParameterPath(Kind.STRENGTH, attractor.group(1), null));
    }
    return Optional.empty();
  }

  /** Why the path names nothing in {@code scenario}, if it does not. */
  public Optional<String> problemIn(Scenario scenario) {
    return switch (kind) {
      case AGENT_LAMBDA, AGENT_GAMMA ->
          scenario.agents().stream().anyMatch(a -> a.id().equals(name))
              ? Optional.empty()
              : Optional.of("the scenario has no agent '" + name + "'");
      case STRENGTH ->
          scenario.attractors().stream().anyMatch(a -> a.name().equals(name))
              ? Optional.empty()
              : Optional.of("the scenario has no attractor '" + name + "'");
      default -> Optional.empty();
    };
  }

  /** Whether the path's values are 64-bit integers (the seed) rather than numbers or booleans. */
  public boolean isSeed() {
    return kind == Kind.SEED;
  }

  /** Whether the path's values are booleans (a boolean rule). */
  public boolean isBoolean() {
    return kind == Kind.RULE && rule.kind() == Rule.Kind.BOOLEAN;
  }

  /** Whether the path's values must be whole numbers (an integer rule). */
  public boolean isInteger() {
    return kind == Kind.RULE && rule.kind() == Rule.Kind.INTEGER;
  }

  /** The smallest value of a number path. */
  public double min() {
    return kind == Kind.RULE ? rule.min() : 0;
  }

  /** The largest value of a number path. */
  public double max() {
    return switch (kind) {
      case LAMBDA, AGENT_LAMBDA -> EngineLimits.MAX_LAMBDA;
      case GAMMA, AGENT_GAMMA -> 1;
      case STRENGTH -> EngineLimits.MAX_STRENGTH;
      case RULE -> rule.max();
      case SEED -> Long.MAX_VALUE;
    };
  }

  /** Whether both paths may change the same value (one agent's lambda and every agent's). */
  public boolean overlaps(ParameterPath other) {
    if (equals(other)) {
      return true;
    }
    return (lambdaPath() && other.lambdaPath() || gammaPath() && other.gammaPath())
        && (name == null || other.name == null);
  }

  private boolean lambdaPath() {
    return kind == Kind.LAMBDA || kind == Kind.AGENT_LAMBDA;
  }

  private boolean gammaPath() {
    return kind == Kind.GAMMA || kind == Kind.AGENT_GAMMA;
  }
}
