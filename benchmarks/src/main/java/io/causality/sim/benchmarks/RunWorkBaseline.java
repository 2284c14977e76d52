package io.causality.sim.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.management.OperatingSystemMXBean;
import io.causality.common.db.EmbeddedStoreHousekeeping;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import io.causality.sim.engine.scenario.ScenarioJson;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The least work of create-and-run and of a step (ops/bench/sim-http, docs/performance.md,
 * "Simulation HTTP"), in process, on one thread, with no HTTP: the CPU time per operation (of the
 * whole process, after a warm-up) that the service's server CPU per request is compared with.
 *
 * <ul>
 *   <li>{@code run}: a new simulation of the scenario, its ticks computed once while the JSON
 *       answer of create-and-run ({@code {simulationId, engineVersion, trace}}) is written through
 *       one generator into a stream that counts the bytes and drops them;
 *   <li>{@code step}: the ticks computed on a live simulation, then its state written as JSON (a
 *       step's answer);
 *   <li>with a database ({@code durable_run}, {@code durable_step}): the same, plus the durable
 *       transaction that a 2xx needs to survive a SIGKILL ({@link DurableProgress}): the engine's
 *       state, prophecies and snapshots are kept for it, in a file compacted meanwhile as the
 *       services compact theirs ({@link EmbeddedStoreHousekeeping}).
 * </ul>
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.causality.sim.benchmarks.RunWorkBaseline [SCENARIO]
 * [TICKS] [SECONDS] [JDBC_URL PASSWORD_FILE ORGANIZATION_SLUG [THREADS,...]]}: warms up for
 * SECONDS, then measures for SECONDS; the durable operations on each count of THREADS at once
 * (default 1), the least figure of them reported as {@code durable_run_cpu_ms} and {@code
 * durable_step_cpu_ms}. Prints one line of {@code key=value} figures: {@code run_cpu_ms} and {@code
 * step_cpu_ms} (engine and JSON only), and with a database {@code durable_run_cpu_ms} and {@code
 * durable_step_cpu_ms}.
 */
public final class RunWorkBaseline {
  private static final JsonFactory JSON = new JsonFactory();
  private static final OperatingSystemMXBean PROCESS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final EngineVersion engine = EngineRegistry.standard().latest();
  private final Scenario scenario;
  private final int ticks;
  private Simulation stepped;
  private DurableProgress database;

  private RunWorkBaseline(Scenario scenario, int ticks) {
    this.scenario = scenario;
    this.ticks = ticks;
    this.stepped = engine.newSimulation(scenario);
  }

  public static void main(String[] args) throws Exception {
    String scenarioId = args.length > 0 ? args[0] : "stable-basins";
    int ticks = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 5;
    Scenario scenario = ScenarioCatalog.standard().find(scenarioId).orElseThrow();
    RunWorkBaseline work = new RunWorkBaseline(scenario, ticks);
    measure(seconds, work::run);
    measure(seconds, work::step);
    Figure run = measure(seconds, work::run);
    Figure step = measure(seconds, work::step);
    String figures =
        String.format(
            Locale.ROOT,
            "run_cpu_ms=%.4f run_bytes=%d step_cpu_ms=%.4f step_bytes=%d",
            run.cpuMillis(),
            run.bytes(),
            step.cpuMillis(),
            step.bytes());
    if (args.length > 5) {
      figures += " " + durable(scenario, ticks, args, seconds);
    }
    System.out.println(figures);
  }

  /**
   * The figures with the durable transaction of each operation, for each count of threads at once
   * (each with its own connection and stepped simulation), and the least of them: H2 writes the
   * commits that arrive together in one chunk, so one thread alone may pay more per transaction
   * than a loaded server does, and many may wait for each other's locks.
   */
  private static String durable(Scenario scenario, int ticks, String[] args, double seconds)
      throws Exception {
    String password = Files.readString(Path.of(args[4]), StandardCharsets.US_ASCII).strip();
    byte[] scenarioJson = ScenarioJson.toBytes(scenario);
    String counts = args.length > 6 ? args[6] : "1";
    StringBuilder figures = new StringBuilder();
    double leastRun = Double.MAX_VALUE;
    double leastStep = Double.MAX_VALUE;
    for (String count : counts.split(",")) {
      int threads = Integer.parseInt(count);
      double[] figure = durable(scenario, ticks, args, password, scenarioJson, threads, seconds);
      leastRun = Math.min(leastRun, figure[0]);
      leastStep = Math.min(leastStep, figure[1]);
      figures.append(
          String.format(
              Locale.ROOT,
              "durable_run_cpu_ms_%d=%.4f durable_step_cpu_ms_%d=%.4f ",
              threads,
              figure[0],
              threads,
              figure[1]));
    }
    return figures
        + String.format(
            Locale.ROOT, "durable_run_cpu_ms=%.4f durable_step_cpu_ms=%.4f", leastRun, leastStep);
  }

  /** CPU milliseconds per durable run and per durable step on {@code threads} threads. */
  private static double[] durable(
      Scenario scenario,
      int ticks,
      String[] args,
      String password,
      byte[] scenarioJson,
      int threads,
      double seconds)
      throws Exception {
    List<RunWorkBaseline> workers = new ArrayList<>();
    try {
      for (int i = 0; i < threads; i++) {
        RunWorkBaseline worker = new RunWorkBaseline(scenario, ticks);
        workers.add(worker);
        worker.database =
            new DurableProgress(args[3], password, args[5], scenarioJson, worker.engine.id());
        worker.restartStepping();
      }
      // The services compact their embedded file while they run; without it every commit pays
      // more as the file grows, which would make the least work dearer than the server's own.
      EmbeddedStoreHousekeeping housekeeping =
          EmbeddedStoreHousekeeping.atServiceInterval(dataSource(args[3], password));
      housekeeping.start();
      try {
        measureAll(seconds, workers, RunWorkBaseline::durableRun);
        measureAll(seconds, workers, RunWorkBaseline::durableStep);
        double run = measureAll(seconds, workers, RunWorkBaseline::durableRun);
        double step = measureAll(seconds, workers, RunWorkBaseline::durableStep);
        return new double[] {run, step};
      } finally {
        housekeeping.stop();
      }
    } finally {
      for (RunWorkBaseline worker : workers) {
        if (worker.database != null) {
          worker.database.close();
        }
      }
    }
  }

  private static DataSource dataSource(String url, String password) {
    JdbcDataSource dataSource = new JdbcDataSource();
    dataSource.setURL(url);
    dataSource.setUser("sa");
    dataSource.setPassword(password);
    return dataSource;
  }

  /** A worker's operation. */
  @FunctionalInterface
  private interface WorkerOperation {
    long apply(RunWorkBaseline worker) throws IOException, SQLException;
  }

  /** The process's CPU milliseconds per operation, every worker on its own thread. */
  private static double measureAll(
      double seconds, List<RunWorkBaseline> workers, WorkerOperation operation) throws Exception {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    ExecutorService pool = Executors.newFixedThreadPool(workers.size());
    try {
      long cpu = PROCESS.getProcessCpuTime();
      List<Future<Long>> counts = new ArrayList<>();
      for (RunWorkBaseline worker : workers) {
        counts.add(
            pool.submit(
                () -> {
                  long operations = 0;
                  while (System.nanoTime() < end) {
                    operation.apply(worker);
                    operations++;
                  }
                  return operations;
                }));
      }
      long operations = 0;
      for (Future<Long> count : counts) {
        operations += count.get();
      }
      return (PROCESS.getProcessCpuTime() - cpu) / 1e6 / operations;
    } finally {
      pool.shutdown();
    }
  }

  /**
   * CPU milliseconds per operation of the whole process (the garbage collector's included, as a
   * server's CPU time per request includes it), and the bytes of one answer.
   */
  record Figure(double cpuMillis, long bytes) {}

  /** One operation; returns the bytes of its answer. */
  @FunctionalInterface
  private interface Operation {
    long apply() throws IOException, SQLException;
  }

  private static Figure measure(double seconds, Operation operation)
      throws IOException, SQLException {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long cpu = PROCESS.getProcessCpuTime();
    long operations = 0;
    long bytes = 0;
    while (System.nanoTime() < end) {
      bytes = operation.apply();
      operations++;
    }
    return new Figure((PROCESS.getProcessCpuTime() - cpu) / 1e6 / operations, bytes);
  }

  /** One create-and-run's answer, written to nowhere; returns its bytes. */
  long run() throws IOException {
    Simulation simulation = engine.newSimulation(scenario);
    Nowhere out = new Nowhere();
    try (JsonGenerator gen = JSON.createGenerator(out)) {
      gen.writeStartObject();
      gen.writeStringField("simulationId", UUID.randomUUID().toString());
      gen.writeStringField("engineVersion", engine.id());
      gen.writeFieldName("trace");
      TraceWriter writer = TraceWriter.json(gen, simulation);
      simulation.advance(ticks, writer);
      writer.finish();
      gen.writeEndObject();
    }
    return out.bytes;
  }

  /** One step's work: the ticks, then the state as JSON; a completed simulation starts again. */
  long step() throws IOException {
    if (stepped.state().alive() == 0 || stepped.nextTick() > 1_000_000 - ticks) {
      stepped = engine.newSimulation(scenario);
    }
    stepped.advance(ticks, EngineListener.NONE);
    Nowhere out = new Nowhere();
    try (JsonGenerator gen = JSON.createGenerator(out)) {
      gen.writeStartObject();
      gen.writeFieldName("state");
      stepped.state().writeJson(gen);
      gen.writeNumberField("ticks", ticks);
      gen.writeEndObject();
    }
    return out.bytes;
  }

  /**
   * A create-and-run with its durable transaction: the answer written while the ticks are computed
   * (once), their prophecies kept, then the new simulation stored already advanced.
   */
  long durableRun() throws IOException, SQLException {
    Simulation simulation = engine.newSimulation(scenario);
    PublishedProphecies prophecies = new PublishedProphecies();
    Nowhere out = new Nowhere();
    try (JsonGenerator gen = JSON.createGenerator(out)) {
      gen.writeStartObject();
      gen.writeStringField("simulationId", UUID.randomUUID().toString());
      gen.writeStringField("engineVersion", engine.id());
      gen.writeFieldName("trace");
      TraceWriter writer = TraceWriter.json(gen, simulation);
      simulation.advance(ticks, EngineListener.all(writer, prophecies));
      writer.finish();
      gen.writeEndObject();
    }
    String state = DurableProgress.stateJson(simulation.state());
    database.run(new DurableProgress.Progress(ticks, state, prophecies.data(), null));
    return out.bytes;
  }

  /** A step with its durable transaction: the state's JSON made once, answered and stored. */
  long durableStep() throws IOException, SQLException {
    if (stepped.state().alive() == 0 || stepped.nextTick() > 1_000_000 - ticks) {
      restartStepping();
    }
    long from = stepped.nextTick();
    PublishedProphecies prophecies = new PublishedProphecies();
    stepped.advance(ticks, prophecies);
    String state = DurableProgress.stateJson(stepped.state());
    byte[] snapshot =
        DurableProgress.snapshotDue(from, stepped.nextTick()) ? stepped.snapshot() : null;
    database.step(
        from, new DurableProgress.Progress(stepped.nextTick(), state, prophecies.data(), snapshot));
    Nowhere out = new Nowhere();
    try (JsonGenerator gen = JSON.createGenerator(out)) {
      gen.writeStartObject();
      gen.writeFieldName("state");
      gen.writeRawValue(state);
      gen.writeNumberField("ticks", ticks);
      gen.writeEndObject();
    }
    return out.bytes;
  }

  private void restartStepping() throws IOException, SQLException {
    stepped = engine.newSimulation(scenario);
    database.startStepping(DurableProgress.stateJson(stepped.state()));
  }

  /** Counts the bytes written and drops them. */
  private static final class Nowhere extends OutputStream {
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
