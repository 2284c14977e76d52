package io.causality.sim.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.Prophecy;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The prophecies that ticks published, each as the JSON the service stores for it: what a least
 * work's durable transaction ({@link DurableProgress}) inserts beside the state.
 */
public final class PublishedProphecies implements EngineListener {
  private static final JsonFactory JSON = new JsonFactory();
  private final List<String> data = new ArrayList<>();

  /** The prophecies' JSON, in the order they were published. */
  public List<String> data() {
    return data;
  }

  @Override
  public boolean wantsSteps() {
    return false;
  }

  @Override
  public void onEvent(EngineEvent event) {
    if (event instanceof Prophecy prophecy) {
      StringWriter text = new StringWriter();
      try (JsonGenerator gen = JSON.createGenerator(text)) {
        prophecy.writeJson(gen);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      data.add(text.toString());
    }
  }
}
