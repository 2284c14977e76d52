package io.causality.sim.engine.input;

import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Rule;
import java.io.IOException;

/**
 * An external intervention applied at the next tick. Each type is a record whose components are its
 * validated payload; {@link #writePayload} writes the payload back with full precision so that a
 * persisted decree replays exactly.
 */
public sealed interface Decree extends EngineInput {
  /** The wire type, e.g. {@code attractor.add}. */
  String type();

  void writePayload(JsonGenerator gen) throws IOException;

  @Override
  default String label() {
    return type();
  }

  @Override
  default void writeFields(JsonGenerator gen) throws IOException {
    gen.writeStringField("kind", "decree");
    gen.writeStringField("type", type());
    gen.writeFieldName("payload");
    gen.writeStartObject();
    writePayload(gen);
    gen.writeEndObject();
  }

  /**
   * A velocity kick of {@code magnitude}: away from (x, y) for agents within {@code radius} of it
   * (every agent when radius is null), or in a random direction when x and y are null.
   */
  record Shock(double magnitude, Double x, Double y, Double radius) implements Decree {
    @Override
    public String type() {
      return DecreeType.SHOCK.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeNumberField("magnitude", magnitude);
      writeOptional(gen, "x", x);
      writeOptional(gen, "y", y);
      writeOptional(gen, "radius", radius);
    }
  }

  /** Adds a new attractor; agents weigh it by their preference or defaultAffinity. */
  record AttractorAdd(AttractorSpec attractor) implements Decree {
    @Override
    public String type() {
      return DecreeType.ATTRACTOR_ADD.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeStringField("name", attractor.name());
      gen.writeNumberField("x", attractor.x());
      gen.writeNumberField("y", attractor.y());
      gen.writeNumberField("strength", attractor.strength());
      gen.writeNumberField("radius", attractor.radius());
    }
  }

  /** Moves an attractor, and so its basin, to (x, y). */
  record AttractorMove(String name, double x, double y) implements Decree {
    @Override
    public String type() {
      return DecreeType.ATTRACTOR_MOVE.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeStringField("name", name);
      gen.writeNumberField("x", x);
      gen.writeNumberField("y", y);
    }
  }

  /** Removes an attractor; the agents it held become free. */
  record AttractorRemove(String name) implements Decree {
    @Override
    public String type() {
      return DecreeType.ATTRACTOR_REMOVE.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeStringField("name", name);
    }
  }

  /** Sets an agent's lambda and/or gamma (null leaves it unchanged). */
  record AgentPolicy(String agentId, Double lambda, Double gamma) implements Decree {
    @Override
    public String type() {
      return DecreeType.AGENT_POLICY.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeStringField("agentId", agentId);
      writeOptional(gen, "lambda", lambda);
      writeOptional(gen, "gamma", gamma);
    }
  }

  /** Takes an agent out of the simulation for good; it no longer counts in b. */
  record AgentRemove(String agentId) implements Decree {
    @Override
    public String type() {
      return DecreeType.AGENT_REMOVE.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeStringField("agentId", agentId);
    }
  }

  /** Changes one rule from the next tick on. */
  record RuleSet(Rule rule, double value) implements Decree {
    @Override
    public String type() {
      return DecreeType.RULE_SET.wireName();
    }

    @Override
    public void writePayload(JsonGenerator gen) throws IOException {
      gen.writeStringField("name", rule.jsonName());
      gen.writeFieldName("value");
      writeRuleValue(gen, rule, value);
    }
  }

  /** Writes a rule value in its JSON kind: boolean, integer or number. */
  static void writeRuleValue(JsonGenerator gen, Rule rule, double value) throws IOException {
    switch (rule.kind()) {
      case BOOLEAN -> gen.writeBoolean(value != 0);
      case INTEGER -> gen.writeNumber((long) value);
      case NUMBER -> gen.writeNumber(value);
    }
  }

  private static void writeOptional(JsonGenerator gen, String name, Double value)
      throws IOException {
    if (value != null) {
      gen.writeNumberField(name, value);
    }
  }
}
