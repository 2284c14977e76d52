package io.causality.hitl.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.benchmarks.EngineBenchmark;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Driver of issue 21's evaluation-cost benchmark, against a running sim-server
 * (ops/bench/sim-evaluation starts it): {@code POST /v1/simulations/{id}/evaluations} of a fresh
 * simulation (created, no tick computed) beside the same of a simulation stepped to {@code --ticks}
 * ticks, both of the engine benchmark's workload with {@code --agents} agents (an inline scenario,
 * most of whose agents stay alive all along). Each round measures both in turn, closed loop at
 * {@code --concurrency} connections for {@code --seconds}, with the server's CPU time per
 * evaluation read from {@code /proc/PID/stat} (PID {@code --pid}): what sharing the machine
 * disturbs least. Then, for the trace read by the same rule, the CPU time of {@code GET
 * /v1/simulations/{id}/trace?fromTick=} of the last 10 ticks of the long simulation, a short range
 * whose work must not grow with the history before it.
 *
 * <p>Options: {@code --sim URL --key KEY --pid PID [--agents 1000] [--ticks 100000] [--seconds 10]
 * [--rounds 3] [--concurrency 2]}.
 */
public final class SimulationEvaluationCost {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_STEP = 10_000;
  private static final double CLOCK_TICKS_PER_SECOND = 100;

  private final DriverOptions options;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  private SimulationEvaluationCost(DriverOptions options) {
    this.options = options;
  }

  public static void main(String[] args) throws Exception {
    new SimulationEvaluationCost(DriverOptions.parse(args, List.of("sim", "key", "pid"))).run();
  }

  private void run() throws Exception {
    int agents = intOption("agents", 1_000);
    int ticks = intOption("ticks", 100_000);
    String fresh = created(agents);
    String stepped = created(agents);
    for (int done = 0; done < ticks; done += MAX_STEP) {
      send(
          "/v1/simulations/" + stepped + "/step",
          "{\"ticks\":" + Math.min(MAX_STEP, ticks - done) + "}");
    }
    System.out.printf(
        Locale.ROOT, "# %d agents; fresh %s, %d ticks %s%n", agents, fresh, ticks, stepped);
    measure("warm-up fresh", fresh, 5);
    measure("warm-up long", stepped, 5);
    List<Double> ratios = new ArrayList<>();
    for (int round = 1; round <= intOption("rounds", 3); round++) {
      double freshCpu = measure("round " + round + ", fresh", fresh, intOption("seconds", 10));
      double longCpu =
          measure("round " + round + ", " + ticks + " ticks", stepped, intOption("seconds", 10));
      ratios.add(longCpu / freshCpu);
      System.out.printf(
          Locale.ROOT, "  CPU per evaluation, %d ticks / fresh: %.2f%n", ticks, longCpu / freshCpu);
    }
    Collections.sort(ratios);
    System.out.printf(
        Locale.ROOT,
        "median CPU ratio, %d ticks / fresh: %.2f (target: 2 or less)%n",
        ticks,
        ratios.get(ratios.size() / 2));
    String range = "/v1/simulations/" + stepped + "/trace?fromTick=" + (ticks - 10);
    measure("trace of the last 10 ticks", () -> get(range), intOption("seconds", 10));
  }

  /** One call; true when it answered 200. */
  private interface Call {
    boolean succeeded() throws Exception;
  }

  /** Evaluates simulation {@code id} for {@code seconds}; prints and returns CPU ms per call. */
  private double measure(String name, String id, int seconds) throws Exception {
    String path = "/v1/simulations/" + id + "/evaluations";
    return measure(name, () -> send(path, "{}").statusCode() == 200, seconds);
  }

  /** Makes {@code call} for {@code seconds}; prints and returns the server's CPU ms per call. */
  private double measure(String name, Call call, int seconds) throws Exception {
    int concurrency = intOption("concurrency", 2);
    long cpuBefore = serverCpuTicks();
    Measurement measured =
        Workers.run(
            name,
            concurrency,
            Collections.nCopies(10_000_000, call),
            seconds * 1_000_000_000L,
            (c, worker) -> c.succeeded());
    double cpuMillis = (serverCpuTicks() - cpuBefore) * 1000 / CLOCK_TICKS_PER_SECOND;
    double perCall = cpuMillis / Math.max(1, measured.operations() + measured.errors());
    System.out.println(measured);
    System.out.printf(Locale.ROOT, "  server CPU per call: %.3f ms%n", perCall);
    return perCall;
  }

  private String created(int agents) throws Exception {
    ObjectNode body = JSON.createObjectNode();
    body.set("scenario", EngineBenchmark.scenarioJson(agents, false, 0.5));
    HttpResponse<String> response = send("/v1/simulations", JSON.writeValueAsString(body));
    return JSON.readTree(response.body()).path("id").asText();
  }

  private boolean get(String path) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(options.get("sim") + path))
            .timeout(Duration.ofSeconds(120))
            .header("Accept", "application/x-ndjson")
            .header("X-Api-Key", options.get("key"))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
  }

  private HttpResponse<String> send(String path, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(options.get("sim") + path))
            .timeout(Duration.ofSeconds(120))
            .header("Content-Type", "application/json")
            .header("X-Api-Key", options.get("key"))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 300) {
      throw new IllegalStateException(
          path + " answered " + response.statusCode() + ": " + response.body());
    }
    return response;
  }

  /** The server's CPU time so far (user + system), in clock ticks. */
  private long serverCpuTicks() throws IOException {
    String stat = Files.readString(Path.of("/proc", options.get("pid"), "stat"));
    // the fields after the command name, which may hold spaces, close with the last ")"
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }

  private int intOption(String name, int fallback) {
    return options.intValue(name, fallback);
  }
}
