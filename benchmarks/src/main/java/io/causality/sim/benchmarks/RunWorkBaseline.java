package io.causality.sim.benchmarks;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.sun.management.OperatingSystemMXBean;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.EngineVersion;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.TraceWriter;
import io.causality.sim.engine.scenario.ScenarioCatalog;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.UUID;

/**
 * The least work of create-and-run and of a step (ops/bench/sim-http, docs/performance.md,
 * "Simulation HTTP"), in process, on one thread, with no HTTP or database: the CPU time per
 * operation (of the whole process, after a warm-up) that the service's server CPU per request is
 * compared with.
 *
 * <ul>
 *   <li>{@code run}: a new simulation of the scenario, its ticks computed once while the JSON
 *       answer of create-and-run ({@code {simulationId, engineVersion, trace}}) is written through
 *       one generator into a stream that counts the bytes and drops them;
 *   <li>{@code step}: the ticks computed on a live simulation, then its state written as JSON (a
 *       step's answer).
 * </ul>
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.causality.sim.benchmarks.RunWorkBaseline [SCENARIO]
 * [TICKS] [SECONDS]}: warms up for SECONDS, then measures for SECONDS. Prints one line of {@code
 * key=value} figures; the script reads {@code run_cpu_ms} and {@code step_cpu_ms}.
 */
public final class RunWorkBaseline {
  private static final JsonFactory JSON = new JsonFactory();
  private static final OperatingSystemMXBean PROCESS =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private final EngineVersion engine = EngineRegistry.standard().latest();
  private final Scenario scenario;
  private final int ticks;
  private Simulation stepped;

  private RunWorkBaseline(Scenario scenario, int ticks) {
    this.scenario = scenario;
    this.ticks = ticks;
    this.stepped = engine.newSimulation(scenario);
  }

  public static void main(String[] args) throws IOException {
    String scenarioId = args.length > 0 ? args[0] : "stable-basins";
    int ticks = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 5;
    Scenario scenario = ScenarioCatalog.standard().find(scenarioId).orElseThrow();
    RunWorkBaseline work = new RunWorkBaseline(scenario, ticks);
    measure(seconds, work::run);
    measure(seconds, work::step);
    Figure run = measure(seconds, work::run);
    Figure step = measure(seconds, work::step);
    System.out.printf(
        Locale.ROOT,
        "run_cpu_ms=%.4f run_bytes=%d step_cpu_ms=%.4f step_bytes=%d%n",
        run.cpuMillis(),
        run.bytes(),
        step.cpuMillis(),
        step.bytes());
  }

  /**
   * CPU milliseconds per operation of the whole process (the garbage collector's included, as a
   * server's CPU time per request includes it), and the bytes of one answer.
   */
  record Figure(double cpuMillis, long bytes) {}

  /** One operation; returns the bytes of its answer. */
  @FunctionalInterface
  private interface Operation {
    long apply() throws IOException;
  }

  private static Figure measure(double seconds, Operation operation) throws IOException {
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
