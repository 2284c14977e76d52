package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.input.Decree;
import io.causality.sim.engine.model.NodeLabels;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Rules;
import java.io.IOException;

/**
 * A trace's {@code metadata}: {@code {"engineVersion","scenarioId","seed","fromTick","agents",
 * "attractors","nodeLabels":{"x","y"},"rules":{every rule in effect at fromTick}}}. Numbers use the
 * trace format of {@code Num}, so that the bytes do not depend on the JDK.
 */
public record TraceMetadata(
    String engineVersion,
    String scenarioId,
    long seed,
    long fromTick,
    int agents,
    int attractors,
    NodeLabels nodeLabels,
    Rules rules) {

  public void writeJson(JsonGenerator gen) throws IOException {
    writeJson(gen, AgentSelection.ALL);
  }

  /**
   * The metadata of a trace whose steps carry {@code selection}: after the rules, {@code
   * "agentsShown"} with its wire name, unless every agent is shown (then the metadata is as it
   * always was).
   */
  public void writeJson(JsonGenerator gen, AgentSelection selection) throws IOException {
    gen.writeStartObject();
    gen.writeStringField("engineVersion", engineVersion);
    Json.nullableString(gen, "scenarioId", scenarioId);
    gen.writeNumberField("seed", seed);
    gen.writeNumberField("fromTick", fromTick);
    gen.writeNumberField("agents", agents);
    gen.writeNumberField("attractors", attractors);
    gen.writeObjectFieldStart("nodeLabels");
    gen.writeStringField("x", nodeLabels.x());
    gen.writeStringField("y", nodeLabels.y());
    gen.writeEndObject();
    gen.writeObjectFieldStart("rules");
    for (Rule rule : Rule.values()) {
      double value = rules.get(rule);
      if (rule.kind() == Rule.Kind.NUMBER) {
        Json.number(gen, rule.jsonName(), value);
      } else {
        gen.writeFieldName(rule.jsonName());
        Decree.writeRuleValue(gen, rule, value);
      }
    }
    gen.writeEndObject();
    if (selection != AgentSelection.ALL) {
      gen.writeStringField("agentsShown", selection.wireName());
    }
    gen.writeEndObject();
  }
}
