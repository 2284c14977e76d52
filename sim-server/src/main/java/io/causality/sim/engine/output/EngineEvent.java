package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * An event of a tick besides the step itself. {@link #eventName} is the SSE event name ({@code
 * loss}, {@code warning}, {@code paradox}, {@code prophecy}, {@code decree}, {@code policy}) and
 * {@link #writeJson} writes its {@code data} payload.
 */
public sealed interface EngineEvent permits LossEvent, Warning, Paradox, Prophecy, InputApplied {
  String eventName();

  long tick();

  void writeJson(JsonGenerator gen) throws IOException;
}
