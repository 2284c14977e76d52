package io.causality.sim.engine.input;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/** Something a caller feeds a running simulation: a decree or an agent-policy change. */
public sealed interface EngineInput permits Decree, PolicyChange {
  /** The label this input adds to the step's {@code move}, e.g. "shock" or "policy". */
  String label();

  /** Writes the input's fields (not its tick) into an open JSON object. */
  void writeFields(JsonGenerator gen) throws IOException;
}
