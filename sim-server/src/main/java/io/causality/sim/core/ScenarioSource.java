package io.causality.sim.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.errors.ValidationIssue;
import io.causality.sim.core.errors.DomainAdapterNotFoundException;
import io.causality.sim.core.errors.InvalidInputException;
import io.causality.sim.core.errors.ScenarioNotFoundException;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.SizeLimits;
import io.causality.sim.engine.adapter.DomainAdapter;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.util.ArrayList;
import java.util.List;

/** Turns the ways a caller names a scenario (id, inline, domain input) into one scenario. */
public final class ScenarioSource {
  private final EngineCatalog catalog;

  public ScenarioSource(EngineCatalog catalog) {
    this.catalog = catalog;
  }

  /** A scenario and the pre-built id it came from (null for inline and domain scenarios). */
  public record Resolved(String scenarioId, Scenario scenario) {}

  /**
   * An inline scenario, whose grid sides must also be whole numbers: the API describes a grid in
   * whole units ({@code GridSize}), while the engine reads any number there so that the scenarios
   * stored before this rule still restore.
   */
  private static Scenario inline(JsonNode inline, SizeLimits limits) {
    List<io.causality.sim.engine.ValidationIssue> fractional = new ArrayList<>();
    JsonNode grid = inline.path("initialState").path("grid");
    for (String side : List.of("width", "height")) {
      JsonNode value = grid.path(side);
      if (value.isNumber() && value.doubleValue() != Math.rint(value.doubleValue())) {
        fractional.add(
            new io.causality.sim.engine.ValidationIssue(
                "scenario.initialState.grid." + side, "must be a whole number"));
      }
    }
    try {
      Scenario scenario = ScenarioParser.parse(inline, "scenario", limits);
      if (!fractional.isEmpty()) {
        throw new EngineValidationException(fractional);
      }
      return scenario;
    } catch (EngineValidationException e) {
      if (fractional.isEmpty() || e.issues().equals(fractional)) {
        throw e;
      }
      List<io.causality.sim.engine.ValidationIssue> all = new ArrayList<>(e.issues());
      all.addAll(fractional);
      throw new EngineValidationException(all);
    }
  }

  /**
   * How large a simulation of {@code tier} may be, as the engine checks it: its messages name the
   * license (docs/licensing.md).
   */
  public static SizeLimits limitsOf(Tier tier) {
    return new SizeLimits(
        tier.size().maxAgents(),
        tier.size().maxAttractors(),
        "the " + tier.wireName() + " license");
  }

  /** Exactly one of a pre-built id or an inline scenario, within {@code limits}. */
  public Resolved fromIdOrInline(String scenarioId, JsonNode inline, SizeLimits limits) {
    exactlyOne("scenarioId", scenarioId != null, "scenario", inline != null && !inline.isNull());
    return scenarioId != null
        ? prebuilt(scenarioId, limits)
        : new Resolved(null, inline(inline, limits));
  }

  /** Exactly one of a pre-built id or a domain with its input, within {@code limits}. */
  public Resolved fromIdOrDomain(
      String scenarioId, String domain, JsonNode input, SizeLimits limits) {
    exactlyOne("scenarioId", scenarioId != null, "domain", domain != null);
    if (scenarioId != null) {
      if (input != null && !input.isNull()) {
        throw InvalidInputException.field("input", "goes with domain, not with scenarioId");
      }
      return prebuilt(scenarioId, limits);
    }
    if (input == null || input.isNull()) {
      throw InvalidInputException.field("input", "is required with domain");
    }
    return fromDomain(domain, input, limits);
  }

  /**
   * Exactly one of a pre-built id, an inline scenario or a domain with its input (an experiment
   * takes a scenario every way a simulation does).
   */
  public Resolved fromAny(
      String scenarioId, JsonNode inline, String domain, JsonNode input, SizeLimits limits) {
    boolean hasInline = inline != null && !inline.isNull();
    if (domain != null && (scenarioId != null || hasInline)) {
      String other = scenarioId != null ? "scenarioId" : "scenario";
      exactlyOne(other, true, "domain", true);
    }
    if (domain != null) {
      return fromIdOrDomain(null, domain, input, limits);
    }
    if (input != null && !input.isNull()) {
      throw InvalidInputException.field("input", "goes with domain");
    }
    if (scenarioId == null && !hasInline) {
      List<ValidationIssue> issues = new ArrayList<>();
      String problem = "one of scenarioId, scenario or domain is required";
      issues.add(new ValidationIssue("scenarioId", problem));
      issues.add(new ValidationIssue("scenario", problem));
      issues.add(new ValidationIssue("domain", problem));
      throw new InvalidInputException("Invalid request: " + problem, issues);
    }
    return fromIdOrInline(scenarioId, inline, limits);
  }

  /**
   * How many agents the domain's scenario of {@code input} has at most, before it is built ({@link
   * DomainAdapter#agentsAtMost}); 0 for a domain there is not ({@link #fromDomain} says so).
   */
  public int agentsAtMost(String domain, JsonNode input) {
    return domain == null
        ? 0
        : catalog.adapters().find(domain).map(adapter -> adapter.agentsAtMost(input)).orElse(0);
  }

  /** The adapter's scenario of {@code input}; too large for {@code limits}: an issue at input. */
  public Resolved fromDomain(String domain, JsonNode input, SizeLimits limits) {
    DomainAdapter adapter =
        catalog
            .adapters()
            .find(domain)
            .orElseThrow(
                () -> new DomainAdapterNotFoundException(domain, catalog.adapters().domains()));
    Scenario scenario = adapter.toScenario(input);
    ScenarioParser.requireWithin(scenario, limits, "input");
    return new Resolved(null, scenario);
  }

  private Resolved prebuilt(String scenarioId, SizeLimits limits) {
    Scenario scenario =
        catalog
            .scenarios()
            .find(scenarioId)
            .orElseThrow(() -> new ScenarioNotFoundException(scenarioId));
    ScenarioParser.requireWithin(scenario, limits, "scenarioId");
    return new Resolved(scenarioId, scenario);
  }

  private static void exactlyOne(String first, boolean hasFirst, String second, boolean hasSecond) {
    if (hasFirst == hasSecond) {
      String problem =
          hasFirst
              ? "give " + first + " or " + second + ", not both"
              : "one of " + first + " or " + second + " is required";
      List<ValidationIssue> issues = new ArrayList<>();
      issues.add(new ValidationIssue(first, problem));
      issues.add(new ValidationIssue(second, problem));
      throw new InvalidInputException("Invalid request: " + problem, issues);
    }
  }
}
