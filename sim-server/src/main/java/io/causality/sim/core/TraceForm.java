package io.causality.sim.core;

import io.causality.sim.engine.output.AgentSelection;
import java.util.Objects;

/** How a trace is written: JSON or NDJSON, and which agents its steps carry. */
public record TraceForm(boolean ndjson, AgentSelection agents) {
  public TraceForm {
    Objects.requireNonNull(agents, "agents");
  }
}
