package io.causality.sim.engine.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.json.JsonTree;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.model.ScenarioSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pre-built scenarios, read from the classpath: {@code scenarios/catalog.json} lists the ids in
 * display order and {@code scenarios/<id>.json} holds each. A scenario that does not parse stops
 * the load, so a broken resource fails at startup and in the tests.
 */
public final class ScenarioCatalog {
  private static final String ROOT = "scenarios/";
  private final List<Scenario> scenarios;

  private ScenarioCatalog(List<Scenario> scenarios) {
    this.scenarios = List.copyOf(scenarios);
  }

  /** Loads the catalog shipped with the engine. */
  public static ScenarioCatalog standard() {
    List<Scenario> out = new ArrayList<>();
    for (JsonNode id : read(ROOT + "catalog.json")) {
      out.add(load(id.asText()));
    }
    return new ScenarioCatalog(out);
  }

  private static Scenario load(String id) {
    Scenario scenario = ScenarioParser.parse(read(ROOT + id + ".json"), id);
    if (!id.equals(scenario.id()) || scenario.label() == null || scenario.note() == null) {
      throw new IllegalStateException("scenario " + id + " needs its id, label and note");
    }
    return scenario;
  }

  private static JsonNode read(String resource) {
    ClassLoader loader = ScenarioCatalog.class.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + resource);
      }
      return JsonTree.read(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + resource, e);
    }
  }

  public List<ScenarioSummary> summaries() {
    return scenarios.stream().map(Scenario::summary).toList();
  }

  public List<Scenario> all() {
    return scenarios;
  }

  public Optional<Scenario> find(String id) {
    return scenarios.stream().filter(s -> s.id().equals(id)).findFirst();
  }
}
