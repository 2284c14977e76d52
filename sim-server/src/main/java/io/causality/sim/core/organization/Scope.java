package io.causality.sim.core.organization;

import java.util.Arrays;
import java.util.Optional;

/** The spec's API-key scopes. */
public enum Scope {
  SIMULATION_READ("simulation:read"),
  SIMULATION_WRITE("simulation:write"),
  ORG_READ("org:read"),
  USAGE_READ("usage:read");

  private final String wireName;

  Scope(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public static Optional<Scope> fromWireName(String name) {
    return Arrays.stream(values()).filter(s -> s.wireName.equals(name)).findFirst();
  }
}
