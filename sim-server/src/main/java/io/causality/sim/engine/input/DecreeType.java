package io.causality.sim.engine.input;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The decree types engine version 1.0.0 understands, by wire name. */
public enum DecreeType {
  SHOCK("shock"),
  ATTRACTOR_ADD("attractor.add"),
  ATTRACTOR_MOVE("attractor.move"),
  ATTRACTOR_REMOVE("attractor.remove"),
  AGENT_POLICY("agent.policy"),
  AGENT_REMOVE("agent.remove"),
  RULE_SET("rule.set");

  private final String wireName;

  DecreeType(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<DecreeType> byWireName(String name) {
    return Arrays.stream(values()).filter(t -> t.wireName.equals(name)).findFirst();
  }

  /** Every wire name, in a fixed order, e.g. for the error that lists the supported types. */
  public static List<String> wireNames() {
    return Arrays.stream(values()).map(DecreeType::wireName).toList();
  }
}
