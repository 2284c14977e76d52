package io.causality.sim.engine.output;

import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.input.Decree;
import io.causality.sim.engine.input.InputJson;
import io.causality.sim.engine.input.ScheduledInput;
import java.io.IOException;

/**
 * An input applied at the start of its tick. Event name {@code decree} for a decree (data: {@code
 * {"tick","kind":"decree","type","payload"}}) and {@code policy} for a policy change (data: {@code
 * {"tick","kind":"policy","agentId","lambda"?,"gamma"?}}).
 */
public record InputApplied(ScheduledInput input) implements EngineEvent {

  @Override
  public String eventName() {
    return input.input() instanceof Decree ? "decree" : "policy";
  }

  @Override
  public long tick() {
    return input.tick();
  }

  @Override
  public void writeJson(JsonGenerator gen) throws IOException {
    InputJson.write(gen, input);
  }
}
