package io.causality.sim.engine.input;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * An agent-policy change (the API's PUT agent-policy): new lambda and/or gamma for one agent,
 * applied at the next tick. Build it with {@link InputParser#policyChange} to have it validated.
 */
public record PolicyChange(String agentId, Double lambda, Double gamma) implements EngineInput {
  public PolicyChange {
    requireNonNull(agentId, "agentId");
  }

  @Override
  public String label() {
    return "policy";
  }

  @Override
  public void writeFields(JsonGenerator gen) throws IOException {
    gen.writeStringField("kind", "policy");
    gen.writeStringField("agentId", agentId);
    if (lambda != null) {
      gen.writeNumberField("lambda", lambda);
    }
    if (gamma != null) {
      gen.writeNumberField("gamma", gamma);
    }
  }
}
