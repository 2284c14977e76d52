package io.causality.sim.engine;

/** A policy change names an agent that the simulation does not have (the API's 404). */
public final class UnknownAgentException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String agentId;

  public UnknownAgentException(String agentId) {
    super("unknown agent: " + agentId);
    this.agentId = agentId;
  }

  public String agentId() {
    return agentId;
  }
}
