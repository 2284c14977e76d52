package io.causality.sim.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.core.experiments.Collect;
import io.causality.sim.core.experiments.Experiment;
import io.causality.sim.core.experiments.ExperimentRunner;
import io.causality.sim.core.experiments.Outcome;
import io.causality.sim.core.experiments.Pacer;
import io.causality.sim.core.experiments.ParameterGrid;
import io.causality.sim.core.experiments.RunResult;
import io.causality.sim.core.experiments.RunScenarios;
import io.causality.sim.core.experiments.Series;
import io.causality.sim.core.experiments.SeriesCodec;
import io.causality.sim.core.experiments.Statistics;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.util.List;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * One experiment run, three ways, in runs per second on one thread (docs/experiments.md,
 * docs/performance.md "Experiments"): {@code engineAlone} is the engine doing the run with nothing
 * collected ({@link EngineListener#NONE}), the anchor; {@code runner} is the experiment runner
 * doing the same run with its series collected and outcomes counted; {@code aggregation} is the
 * exact statistics of one combination's collected series over its replications, per run (so its
 * score compares with the runs'). The workers' figures, with the database, are the driver {@link
 * ExperimentsLoad}'s. The definition is docs/experiments.md's worked example, on {@code scenario}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class ExperimentBenchmark {
  private static final EngineRegistry ENGINES = EngineRegistry.standard();
  private static final int REPLICATIONS = 20;

  @Param({"chaos-storm"})
  public String scenario;

  @Param({"200"})
  public int ticks;

  private Experiment experiment;
  private RunScenarios scenarios;
  private ExperimentRunner runner;
  private byte[][] stored;
  private int series;
  private int next;

  @Setup(Level.Trial)
  public void experiment() throws Exception {
    Scenario base = ScenarioCatalog.standard().find(scenario).orElseThrow();
    Issues issues = new Issues();
    ParameterGrid grid =
        ParameterGrid.parse(
            new ObjectMapper()
                .readTree(
                    "{\"agents[*].policy.lambda\": {\"from\": 0.5, \"to\": 3.5, \"steps\": 3},"
                        + " \"agents[*].policy.gamma\": [0.15, 0.3, 0.6]}"),
            base,
            issues);
    issues.throwIfAny();
    experiment =
        new Experiment(
            scenario,
            base,
            ENGINES.latest().id(),
            base.seed(),
            grid,
            REPLICATIONS,
            ticks,
            new Collect(List.of(Series.B, Series.LOST), 5, List.of(Outcome.values())),
            false);
    scenarios = new RunScenarios(experiment);
    runner = new ExperimentRunner(ENGINES);
    stored = new byte[REPLICATIONS][];
    for (int r = 0; r < REPLICATIONS; r++) {
      double[][] collected = runner.run(scenarios, r, Pacer.NONE).series();
      series = collected.length;
      stored[r] = SeriesCodec.encode(collected);
    }
  }

  private int nextRun() {
    int run = next;
    next = (next + 1) % (int) experiment.runs();
    return run;
  }

  @Benchmark
  public void engineAlone(Blackhole sink) {
    Simulation simulation = ENGINES.latest().newSimulation(scenarios.of(nextRun()));
    simulation.advance(experiment.ticks(), EngineListener.NONE);
    sink.consume(simulation.state().b());
  }

  @Benchmark
  public RunResult runner() {
    return runner.run(scenarios, nextRun(), Pacer.NONE);
  }

  /**
   * One combination's statistics from its runs' stored series (decoded as the server reads them),
   * per run: comparable with a run's cost. The database's reads are the driver's to measure.
   */
  @Benchmark
  @OperationsPerInvocation(REPLICATIONS)
  public void aggregation(Blackhole sink) {
    double[][][] collected = new double[REPLICATIONS][][];
    for (int r = 0; r < REPLICATIONS; r++) {
      collected[r] = SeriesCodec.decode(stored[r], series);
    }
    int points = collected[0][0].length;
    double[] values = new double[REPLICATIONS];
    for (int s = 0; s < series; s++) {
      for (int k = 0; k < points; k++) {
        for (int r = 0; r < REPLICATIONS; r++) {
          values[r] = collected[r][s][k];
        }
        sink.consume(Statistics.of(values, REPLICATIONS));
      }
    }
  }
}
