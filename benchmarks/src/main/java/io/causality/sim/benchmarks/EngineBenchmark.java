package io.causality.sim.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.random.SplitMix64;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Agent-ticks per second of the engine: 1,000 agents and 10 attractors over 10,000 ticks, one
 * operation being one agent-tick. {@code prophecyOff} is the bare physics, {@code defaults} runs
 * with the default rules (a 3-level, 25-tick prophecy every 100 ticks), {@code mason} is the work
 * of {@code prophecyOff} as a MASON model ({@link MasonBasins}, the outside anchor) and {@code
 * bareLoop} is the same arithmetic over the same arrays with no engine around it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class EngineBenchmark {
  static final int AGENTS = 1_000;
  static final int ATTRACTORS = 10;
  static final int TICKS = 10_000;
  static final int AGENT_TICKS = AGENTS * TICKS;

  private static final EngineRegistry REGISTRY = EngineRegistry.standard();
  private Scenario withDefaults;
  private Scenario withoutProphecies;
  private Simulation simulation;
  private Simulation quietSimulation;
  private BareArrays bare;
  private MasonBasins mason;

  @Setup(Level.Trial)
  public void scenarios() {
    withDefaults = scenario(false);
    withoutProphecies = scenario(true);
  }

  @Setup(Level.Invocation)
  public void freshRuns() {
    simulation = REGISTRY.latest().newSimulation(withDefaults);
    quietSimulation = REGISTRY.latest().newSimulation(withoutProphecies);
    bare = new BareArrays(withoutProphecies);
    mason = new MasonBasins(withoutProphecies, MasonBasins.Draws.MERSENNE_TWISTER);
    mason.start();
  }

  @Benchmark
  @OperationsPerInvocation(AGENT_TICKS)
  public double prophecyOff() {
    quietSimulation.advance(TICKS, EngineListener.NONE);
    return quietSimulation.state().b();
  }

  @Benchmark
  @OperationsPerInvocation(AGENT_TICKS)
  public double defaults() {
    simulation.advance(TICKS, EngineListener.NONE);
    return simulation.state().b();
  }

  /** The same work as {@link #prophecyOff} as a MASON model (the outside anchor). */
  @Benchmark
  @OperationsPerInvocation(AGENT_TICKS)
  public double mason() {
    mason.run(TICKS);
    return mason.b();
  }

  @Benchmark
  @OperationsPerInvocation(AGENT_TICKS)
  public void bareLoop(Blackhole hole) {
    for (int t = 0; t < TICKS; t++) {
      hole.consume(bare.tick());
    }
  }

  /** Ten basins on a ring; agents calm enough that most stay alive all run long. */
  static Scenario scenario(boolean prophecyOff) {
    return scenario(prophecyOff, 0.5);
  }

  /** The same basins and agents with the agents' chaos {@code lambda}. */
  static Scenario scenario(boolean prophecyOff, double lambda) {
    return ScenarioParser.parse(scenarioJson(AGENTS, prophecyOff, lambda), "scenario");
  }

  /**
   * The workload as an inline scenario's JSON, with {@code agents} agents: also what other
   * benchmarks post to the service when they need many agents that stay alive for long.
   */
  public static ObjectNode scenarioJson(int agents, boolean prophecyOff, double lambda) {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode().put("seed", 2024);
    ObjectNode initial = root.putObject("initialState");
    initial.putObject("grid").put("width", 1000).put("height", 1000);
    ArrayNode attractors = initial.putArray("attractors");
    for (int a = 0; a < ATTRACTORS; a++) {
      attractors
          .addObject()
          .put("name", "basin-" + a)
          .put("x", ringX(a))
          .put("y", ringY(a))
          .put("strength", 12)
          .put("radius", 25);
    }
    ArrayNode list = root.putArray("agents");
    for (int i = 0; i < agents; i++) {
      int home = i % ATTRACTORS;
      ObjectNode agent = list.addObject().put("id", "agent-" + i);
      agent
          .putObject("marker")
          .put("x", ringX(home) + (i % 7) - 3)
          .put("y", ringY(home) + (i % 5) - 2);
      agent.putObject("policy").put("lambda", lambda).put("gamma", 0.4);
    }
    ObjectNode rules = root.putObject("rules").put("defaultAffinity", 0.2);
    if (prophecyOff) {
      rules.put("prophecyInterval", 0);
    }
    return root;
  }

  private static double ringX(int a) {
    return 500 + 300 * StrictMath.cos(2 * Math.PI * a / ATTRACTORS);
  }

  private static double ringY(int a) {
    return 500 + 300 * StrictMath.sin(2 * Math.PI * a / ATTRACTORS);
  }

  /** The kernel's arithmetic with nothing else: no status, losses, rules or events. */
  static final class BareArrays {
    final int n;
    final int count;
    final double[] x;
    final double[] y;
    final double[] vx;
    final double[] vy;
    final double[] lambda;
    final double[] gamma;
    final long[] rng;
    final double[] weights;
    final double[] ax;
    final double[] ay;
    final double[] strength;
    final double[] radius;

    BareArrays(Scenario s) {
      n = s.agents().size();
      count = s.attractors().size();
      x = s.agents().stream().mapToDouble(a -> a.x()).toArray();
      y = s.agents().stream().mapToDouble(a -> a.y()).toArray();
      vx = new double[n];
      vy = new double[n];
      lambda = s.agents().stream().mapToDouble(a -> a.lambda()).toArray();
      gamma = s.agents().stream().mapToDouble(a -> a.gamma()).toArray();
      rng = new long[n];
      for (int i = 0; i < n; i++) {
        rng[i] = SplitMix64.streamSeed(s.seed(), i);
      }
      weights = new double[n * count];
      Arrays.fill(weights, 0.2);
      ax = s.attractors().stream().mapToDouble(a -> a.x()).toArray();
      ay = s.attractors().stream().mapToDouble(a -> a.y()).toArray();
      strength = s.attractors().stream().mapToDouble(a -> a.strength()).toArray();
      radius = s.attractors().stream().mapToDouble(a -> a.radius()).toArray();
    }

    double tick() {
      double sum = 0;
      for (int i = 0; i < n; i++) {
        move(i);
        sum += depth(i);
      }
      return sum / n;
    }

    private void move(int i) {
      double px = x[i];
      double py = y[i];
      double fx = 0;
      double fy = 0;
      int base = i * count;
      for (int a = 0; a < count; a++) {
        double dx = ax[a] - px;
        double dy = ay[a] - py;
        double r = radius[a];
        double k = strength[a] * weights[base + a] / (dx * dx + dy * dy + r * r);
        fx += dx * k;
        fy += dy * k;
      }
      double order = 1 - gamma[i];
      double chaos = order * lambda[i];
      double nvx = order * vx[i] + fx + chaos * SplitMix64.nextSigned(rng, i);
      double nvy = order * vy[i] + fy + chaos * SplitMix64.nextSigned(rng, i);
      double s2 = nvx * nvx + nvy * nvy;
      if (s2 > 25) {
        double scale = 5 / Math.sqrt(s2);
        nvx *= scale;
        nvy *= scale;
      }
      vx[i] = nvx;
      vy[i] = nvy;
      x[i] = px + nvx;
      y[i] = py + nvy;
    }

    private double depth(int i) {
      double px = x[i];
      double py = y[i];
      double best = 1;
      for (int a = 0; a < count; a++) {
        double dx = ax[a] - px;
        double dy = ay[a] - py;
        double r = radius[a];
        double q = (dx * dx + dy * dy) / (r * r);
        if (q < best) {
          best = q;
        }
      }
      return 1 - best;
    }
  }
}
