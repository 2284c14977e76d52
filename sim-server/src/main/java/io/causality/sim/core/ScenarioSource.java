package io.causality.sim.core;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.errors.ApiException;
import io.causality.common.errors.ValidationIssue;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.adapter.DomainAdapter;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.scenario.ScenarioParser;
import io.causality.sim.errors.DomainAdapterNotFoundException;
import io.causality.sim.errors.ScenarioNotFoundException;
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

  /** Exactly one of a pre-built id or an inline scenario. */
  public Resolved fromIdOrInline(String scenarioId, JsonNode inline) {
    exactlyOne("scenarioId", scenarioId != null, "scenario", inline != null && !inline.isNull());
    return scenarioId != null ? prebuilt(scenarioId) : new Resolved(null, inline(inline));
  }

  /**
   * An inline scenario, whose grid sides must also be whole numbers: the API describes a grid in
   * whole units ({@code GridSize}), while the engine reads any number there so that the scenarios
   * stored before this rule still restore.
   */
  private static Scenario inline(JsonNode inline) {
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
      Scenario scenario = ScenarioParser.parse(inline, "scenario");
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

  /** Exactly one of a pre-built id or a domain with its input. */
  public Resolved fromIdOrDomain(String scenarioId, String domain, JsonNode input) {
    exactlyOne("scenarioId", scenarioId != null, "domain", domain != null);
    if (scenarioId != null) {
      if (input != null && !input.isNull()) {
        throw ApiException.invalidField("input", "goes with domain, not with scenarioId");
      }
      return prebuilt(scenarioId);
    }
    if (input == null || input.isNull()) {
      throw ApiException.invalidField("input", "is required with domain");
    }
    return fromDomain(domain, input);
  }

  public Resolved fromDomain(String domain, JsonNode input) {
    DomainAdapter adapter =
        catalog
            .adapters()
            .find(domain)
            .orElseThrow(
                () -> new DomainAdapterNotFoundException(domain, catalog.adapters().domains()));
    return new Resolved(null, adapter.toScenario(input));
  }

  private Resolved prebuilt(String scenarioId) {
    Scenario scenario =
        catalog
            .scenarios()
            .find(scenarioId)
            .orElseThrow(() -> new ScenarioNotFoundException(scenarioId));
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
      throw ApiException.validation("Invalid request: " + problem, issues);
    }
  }
}
