package io.causality.sim.benchmarks;

import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Agent-ticks per second of the engine on one thread at 1,000, 10,000 and 100,000 agents, with
 * MASON beside each size in the same run ({@link MasonBasins}, the outside anchor of {@link
 * EngineBenchmark}, scaled): the engine benchmark's workload (10 basins on a ring, calm agents,
 * prophecies off) with {@code agents} agents over {@code 10,000,000 / agents} ticks, so that every
 * invocation is ten million agent-ticks at every size. Cost is linear in agents x attractors when
 * the engine's rate stays flat across the sizes; the ratio engine / MASON at each size is the
 * figure of issue 33 (goal: 2 or more).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx4g"})
public class EngineScaleBenchmark {
  static final int AGENT_TICKS = 10_000_000;

  private static final EngineRegistry REGISTRY = EngineRegistry.standard();

  @Param({"1000", "10000", "100000"})
  public int agents;

  private Scenario scenario;
  private long ticks;
  private Simulation simulation;
  private MasonBasins mason;

  @Setup(Level.Trial)
  public void scenario() {
    scenario = ScenarioParser.parse(EngineBenchmark.scenarioJson(agents, true, 0.5), "scenario");
    ticks = AGENT_TICKS / agents;
  }

  @Setup(Level.Invocation)
  public void freshRuns() {
    simulation = REGISTRY.latest().newSimulation(scenario);
    mason = new MasonBasins(scenario, MasonBasins.Draws.MERSENNE_TWISTER);
    mason.start();
  }

  /** The engine, prophecies off, on one thread. */
  @Benchmark
  @OperationsPerInvocation(AGENT_TICKS)
  public double engine() {
    simulation.advance(ticks, EngineListener.NONE);
    return simulation.state().b();
  }

  /** The same work as a MASON model. */
  @Benchmark
  @OperationsPerInvocation(AGENT_TICKS)
  public double mason() {
    mason.run(ticks);
    return mason.b();
  }
}
