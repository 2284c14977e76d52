package io.causality.sim.engine.scenario;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.input.Decree;
import io.causality.sim.engine.json.Num;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.model.ScenarioSummary;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes scenarios in the API's shapes, fields in a fixed order and numbers exact (so that {@link
 * ScenarioParser} reads back the same scenario).
 */
public final class ScenarioJson {
  private static final JsonFactory FACTORY = new JsonFactory();

  private ScenarioJson() {}

  /** The scenario summary: {@code {"id","label","seed","tags","note"}}. */
  public static void writeSummary(JsonGenerator gen, ScenarioSummary summary) throws IOException {
    gen.writeStartObject();
    writeSummaryFields(gen, summary);
    gen.writeEndObject();
  }

  private static void writeSummaryFields(JsonGenerator gen, ScenarioSummary s) throws IOException {
    nullable(gen, "id", s.id());
    nullable(gen, "label", s.label());
    gen.writeNumberField("seed", s.seed());
    gen.writeArrayFieldStart("tags");
    for (String tag : s.tags()) {
      gen.writeString(tag);
    }
    gen.writeEndArray();
    nullable(gen, "note", s.note());
  }

  /** The full scenario: summary fields, then {@code initialState, agents, nodeLabels, rules}. */
  public static void writeFull(JsonGenerator gen, Scenario scenario) throws IOException {
    gen.writeStartObject();
    writeSummaryFields(gen, scenario.summary());
    gen.writeFieldName("initialState");
    writeInitialState(gen, scenario);
    writeAgents(gen, scenario);
    gen.writeObjectFieldStart("nodeLabels");
    gen.writeStringField("x", scenario.nodeLabels().x());
    gen.writeStringField("y", scenario.nodeLabels().y());
    gen.writeEndObject();
    writeRules(gen, scenario.ruleOverrides());
    gen.writeEndObject();
  }

  /** {@code {"grid":{"width","height"},"attractors":[{"name","x","y","strength","radius"}]}}. */
  public static void writeInitialState(JsonGenerator gen, Scenario scenario) throws IOException {
    gen.writeStartObject();
    gen.writeObjectFieldStart("grid");
    number(gen, "width", scenario.grid().width());
    number(gen, "height", scenario.grid().height());
    gen.writeEndObject();
    gen.writeArrayFieldStart("attractors");
    for (AttractorSpec a : scenario.attractors()) {
      gen.writeStartObject();
      gen.writeStringField("name", a.name());
      number(gen, "x", a.x());
      number(gen, "y", a.y());
      number(gen, "strength", a.strength());
      number(gen, "radius", a.radius());
      gen.writeEndObject();
    }
    gen.writeEndArray();
    gen.writeEndObject();
  }

  private static void writeAgents(JsonGenerator gen, Scenario scenario) throws IOException {
    gen.writeArrayFieldStart("agents");
    for (AgentSpec agent : scenario.agents()) {
      gen.writeStartObject();
      gen.writeStringField("id", agent.id());
      gen.writeObjectFieldStart("marker");
      number(gen, "x", agent.x());
      number(gen, "y", agent.y());
      gen.writeEndObject();
      gen.writeObjectFieldStart("policy");
      number(gen, "lambda", agent.lambda());
      number(gen, "gamma", agent.gamma());
      gen.writeEndObject();
      gen.writeObjectFieldStart("attractorPreferences");
      for (Map.Entry<String, Double> pref : agent.preferences().entrySet()) {
        number(gen, pref.getKey(), pref.getValue());
      }
      gen.writeEndObject();
      gen.writeBooleanField("heedsProphecies", agent.heedsProphecies());
      gen.writeEndObject();
    }
    gen.writeEndArray();
  }

  /** Rule overrides in {@link Rule} order, each in its JSON kind. */
  public static void writeRules(JsonGenerator gen, Map<Rule, Double> rules) throws IOException {
    gen.writeObjectFieldStart("rules");
    for (Map.Entry<Rule, Double> rule : rules.entrySet()) {
      gen.writeFieldName(rule.getKey().jsonName());
      Decree.writeRuleValue(gen, rule.getKey(), rule.getValue());
    }
    gen.writeEndObject();
  }

  /** The full scenario as UTF-8 JSON bytes. */
  public static byte[] toBytes(Scenario scenario) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      writeFull(gen, scenario);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void number(JsonGenerator gen, String name, double value) throws IOException {
    gen.writeFieldName(name);
    Num.writeExact(gen, value);
  }

  private static void nullable(JsonGenerator gen, String name, String value) throws IOException {
    if (value == null) {
      gen.writeNullField(name);
    } else {
      gen.writeStringField(name, value);
    }
  }
}
