package io.causality.sim.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.core.TickThreads;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.AgentSelection;
import io.causality.sim.engine.output.AttractorState;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.LossEvent;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.output.Step;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The NDJSON trace of a {@code ticks}-tick, {@code agents}-agent run with {@code agents=none} (the
 * steps carry b, the counts, the attractors, the warning and the losses), against Jackson writing
 * the same objects to nowhere (issue 33, item 3: goal 1.0 or more, the service's rate over
 * Jackson's).
 *
 * <p>The run is computed once, in the trial's set-up, keeping its steps. {@code ndjson} writes them
 * as the trace endpoint does ({@code TraceWriter}, numbers formatted by {@code Num}); {@code
 * jackson} writes the same steps as Jackson trees (numbers as doubles, the same fields) through
 * {@code ObjectMapper}, one line each: the baseline. Both write into a stream that counts the bytes
 * and drops them; one operation is one step. {@code replay} is what the endpoint really does per
 * step: computing the tick and writing it (bound by the engine at this size).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx8g"})
public class TraceNdjsonBenchmark {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final EngineRegistry REGISTRY = EngineRegistry.standard();

  @Param({"100000"})
  public int agents;

  @Param({"10000"})
  public int ticks;

  /** Threads of the set-up's run and of {@code replay}; the trace is the same bytes on any. */
  @Param({"1"})
  public int threads;

  private TickThreads tickThreads;
  private Scenario scenario;
  private Simulation fresh;
  private final List<Step> steps = new ArrayList<>();
  private final List<ObjectNode> trees = new ArrayList<>();
  private int next;
  private Nowhere nowhere;
  private JsonGenerator ndjson;
  private JsonGenerator jackson;
  private Simulation replaying;
  private TraceWriter replayWriter;

  @Setup(Level.Trial)
  public void run() throws IOException {
    tickThreads = TickThreads.of(threads);
    scenario = ScenarioParser.parse(EngineBenchmark.scenarioJson(agents, false, 0.5), "scenario");
    Simulation simulation = REGISTRY.latest().newSimulation(scenario, tickThreads);
    simulation.advance(
        ticks,
        new EngineListener() {
          @Override
          public Set<AgentSelection> agentsWanted() {
            return Set.of();
          }

          @Override
          public void onStep(Step step) {
            steps.add(step);
            trees.add(tree(step));
          }
        });
    nowhere = new Nowhere();
    ndjson = FACTORY.createGenerator(nowhere);
    fresh = REGISTRY.latest().newSimulation(scenario, tickThreads);
    TraceWriter.ndjson(ndjson, fresh, AgentSelection.NONE);
    jackson = MAPPER.getFactory().createGenerator(nowhere);
    replaying = REGISTRY.latest().newSimulation(scenario, tickThreads);
    replayWriter =
        TraceWriter.ndjson(FACTORY.createGenerator(nowhere), replaying, AgentSelection.NONE);
  }

  @TearDown(Level.Trial)
  public void stop() throws IOException {
    ndjson.close();
    jackson.close();
    tickThreads.close();
  }

  /** The trace endpoint's writing of one step, agents=none. */
  @Benchmark
  public void ndjson() throws IOException {
    steps.get(next()).writeJson(ndjson, AgentSelection.NONE);
    ndjson.writeRaw('\n');
  }

  /** Jackson writing the same step as a tree to nowhere: the baseline. */
  @Benchmark
  public void jackson() throws IOException {
    MAPPER.writeTree(jackson, trees.get(next()));
    jackson.writeRaw('\n');
  }

  /** Computing one more tick of the run and writing it, as the endpoint streams a replay. */
  @Benchmark
  public void replay() throws IOException {
    if (replaying.nextTick() >= ticks) {
      replaying = REGISTRY.latest().newSimulation(scenario, tickThreads);
      replayWriter =
          TraceWriter.ndjson(FACTORY.createGenerator(nowhere), replaying, AgentSelection.NONE);
    }
    replaying.advance(1, replayWriter);
  }

  private int next() {
    int k = next;
    next = k + 1 == steps.size() ? 0 : k + 1;
    return k;
  }

  /** A step as a Jackson tree: the trace's fields, numbers as the engine's doubles. */
  static ObjectNode tree(Step step) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("tick", step.tick());
    node.put("move", step.move());
    node.set("state", state(step.state()));
    if (step.warning() == null) {
      node.putNull("warning");
    } else {
      ObjectNode warning = node.putObject("warning");
      warning.put("tick", step.warning().tick());
      step.warning().kinds().forEach(warning.putArray("kinds")::add);
      warning.put("b", step.warning().b());
      warning.put("threshold", step.warning().threshold());
      warning.put("gammaFloor", step.warning().gammaFloor());
      step.warning().gammaAgents().forEach(warning.putArray("agents")::add);
    }
    if (step.loss() == null) {
      node.putNull("loss");
    } else {
      ObjectNode loss = node.putObject("loss");
      loss.put("tick", step.loss().tick());
      loss.put("agent", step.loss().events().get(0).agent());
      loss.put("magnitude", step.loss().totalMagnitude());
      loss.put("count", step.loss().events().size());
      ArrayNode lost = loss.putArray("agents");
      for (LossEvent event : step.loss().events()) {
        lost.addObject()
            .put("agent", event.agent())
            .put("magnitude", event.magnitude())
            .put("basin", event.basin());
      }
    }
    node.putArray("agents");
    return node;
  }

  private static ObjectNode state(StateSnapshot state) {
    ObjectNode node = MAPPER.createObjectNode();
    node.put("tick", state.tick());
    node.put("b", state.b());
    node.putObject("grid").put("width", state.width()).put("height", state.height());
    node.putObject("agents")
        .put("alive", state.alive())
        .put("held", state.held())
        .put("straying", state.straying())
        .put("free", state.free())
        .put("lost", state.lost())
        .put("removed", state.removed());
    ArrayNode attractors = node.putArray("attractors");
    for (AttractorState a : state.attractors()) {
      attractors
          .addObject()
          .put("name", a.name())
          .put("x", a.x())
          .put("y", a.y())
          .put("strength", a.strength())
          .put("radius", a.radius())
          .put("held", a.held());
    }
    return node;
  }

  /** Counts what it is given and keeps nothing. */
  static final class Nowhere extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }
}
