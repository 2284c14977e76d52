package io.causality.sim.engine.output;

import java.util.List;

/**
 * What a trace reads from a running simulation. The simulation implements it, so that the trace
 * writer here does not depend on the core that produces the output (output stays below core).
 */
public interface TraceSource {
  /** The trace's metadata as of the next tick to compute. */
  TraceMetadata traceMetadata();

  /** The state after the last computed tick. */
  StateSnapshot state();

  /** Every agent after the last computed tick. */
  List<AgentSnapshot> agents();
}
