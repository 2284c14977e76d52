package io.causality.sim.engine;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Shared helpers for the engine tests. */
public final class Fixtures {
  public static final ObjectMapper MAPPER = new ObjectMapper();
  public static final EngineRegistry REGISTRY = EngineRegistry.standard();
  public static final ScenarioCatalog CATALOG = ScenarioCatalog.standard();
  private static final JsonFactory FACTORY = new JsonFactory();

  private Fixtures() {}

  public static JsonNode json(String text) {
    try {
      return MAPPER.readTree(text.replace('\'', '"'));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Scenario scenario(String id) {
    return CATALOG.find(id).orElseThrow();
  }

  public static Simulation start(String id) {
    return REGISTRY.latest().newSimulation(scenario(id));
  }

  /** A small inline scenario: two basins, six agents, with optional rules JSON. */
  public static Scenario small(String rules) {
    return ScenarioParser.parse(
        json(
            "{'seed': 11, 'rules': "
                + rules
                + ","
                + "'initialState': {'grid': {'width': 100, 'height': 100}, 'attractors': ["
                + "{'name': 'left', 'x': 30, 'y': 50, 'strength': 8, 'radius': 12},"
                + "{'name': 'right', 'x': 70, 'y': 50, 'strength': 8, 'radius': 12}]},"
                + "'agents': ["
                + "{'id': 'a0', 'marker': {'x': 30, 'y': 52}, 'policy': {'lambda': 0.4}},"
                + "{'id': 'a1', 'marker': {'x': 33, 'y': 47}, 'policy': {'gamma': 0.5}},"
                + "{'id': 'a2', 'marker': {'x': 27, 'y': 50}},"
                + "{'id': 'a3', 'marker': {'x': 70, 'y': 55}},"
                + "{'id': 'a4', 'marker': {'x': 72, 'y': 48}, 'heedsProphecies': false},"
                + "{'id': 'a5', 'marker': {'x': 50, 'y': 50},"
                + " 'attractorPreferences': {'left': 0.5, 'right': 2}}]}"),
        "scenario");
  }

  /** A script of inputs by tick: each list is submitted just before that tick. */
  public static Map<Long, List<EngineInput>> script() {
    return new TreeMap<>();
  }

  /** The whole trace JSON of {@code ticks} ticks of {@code sim}, feeding {@code script}. */
  public static byte[] trace(Simulation sim, long ticks, Map<Long, List<EngineInput>> script) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      TraceWriter writer = TraceWriter.json(gen, sim);
      run(sim, ticks, script, writer);
      writer.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Advances tick by tick, submitting the script's inputs at their ticks. */
  public static void run(
      Simulation sim, long ticks, Map<Long, List<EngineInput>> script, EngineListener listener) {
    long end = sim.nextTick() + ticks;
    while (sim.nextTick() < end) {
      script.getOrDefault(sim.nextTick(), List.of()).forEach(sim::submit);
      sim.advance(1, listener);
    }
  }

  /** Every event of a run, with the tick listener off. */
  public static List<EngineEvent> events(Simulation sim, long ticks) {
    List<EngineEvent> events = new ArrayList<>();
    sim.advance(
        ticks,
        new EngineListener() {
          @Override
          public boolean wantsSteps() {
            return false;
          }

          @Override
          public void onEvent(EngineEvent event) {
            events.add(event);
          }
        });
    return events;
  }

  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The JSON an event writes, as text. */
  public static String eventJson(EngineEvent event) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator gen = FACTORY.createGenerator(out)) {
      event.writeJson(gen);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }
}
