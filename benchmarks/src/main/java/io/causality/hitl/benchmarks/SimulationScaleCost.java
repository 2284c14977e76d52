package io.causality.hitl.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.benchmarks.DurableProgress;
import io.causality.sim.benchmarks.EngineBenchmark;
import io.causality.sim.benchmarks.PublishedProphecies;
import io.causality.sim.engine.core.EngineRegistry;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.core.TickThreads;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Driver of issue 33's scale benchmark, against a running sim-server (ops/bench/sim-scale starts
 * it): what a simulation of 100,000 agents costs beside one of 1,000, operation by operation, as
 * the server's CPU time per operation (from {@code /proc}, without the JIT's threads: {@link
 * ProcessCpu}) and the client's latency.
 *
 * <p>For each size of {@code --sizes} (default {@code 1000,100000}), with the engine benchmark's
 * workload (an inline scenario of 10 basins, calm agents, the default prophecies): {@code create}
 * ({@code POST /v1/simulations}, the scenario parsed and stored), {@code step 100} ({@code POST
 * .../step} of 100 ticks), {@code evaluate} ({@code POST .../evaluations}, the gate on the stored
 * window) and {@code GET} ({@code GET /v1/simulations/{id}}), each {@code --rounds} times for
 * {@code --seconds}, after warm-up rounds until the JIT is idle (creates and steps at most {@code
 * --repeat} × 100,000 / agents per round, so that each size does about the same agent-work and a
 * small size makes enough calls for the process's CPU clock, which counts in 10 ms ticks), in that
 * order. Then the ratios per operation, the largest size over the smallest, beside the agents'
 * ratio: create and step do work linear in the agents (the scenario, the ticks), evaluate and GET
 * must not.
 *
 * <p>Their linear parts are the least work each must do at that size, durable transaction included,
 * measured in this process in the same rounds, in turn with the server's calls (while the server is
 * idle), so that a machine whose speed drifts moves both alike. They store with {@link
 * DurableProgress} into a fresh copy, for each size, of the database {@code --least-db} names (an
 * H2 file of the service's schema, which ops/bench/sim-scale migrates and gives the organization
 * {@code least}; opened with the service's URL settings): a database that earlier sizes filled
 * makes large writes dearer. {@code least step 100}: the engine computing the same steps of the
 * same scenario on {@code --engine-threads} threads (the server's {@code engine.threads}; default
 * the core count, as the server's), then the state, the prophecies and (at the snapshot interval)
 * the snapshot stored as the server stores them (the engine is deterministic, so these are the
 * server's ticks). {@code least create}: the body parsed, the scenario read, written back in its
 * canonical form, its world built, then the run counted and the simulation inserted with its
 * scenario's bytes. Issue 33's goal at the largest size: each under twice its cost at the smallest
 * plus its linear part.
 *
 * <p>Options: {@code --sim URL --key KEY --pid PID --least-db PATH [--sizes 1000,100000] [--seconds
 * 5] [--rounds 3] [--repeat 10] [--warm-up-rounds 10] [--concurrency 1] [--engine-threads N]}.
 */
public final class SimulationScaleCost {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CREATE = "create";
  private static final String STEP = "step 100";
  private static final String LEAST_STEP = "least step 100";
  private static final String LEAST_CREATE = "least create";

  /**
   * The JIT compiler threads' share of a core in a warm-up round under which the code is taken as
   * compiled: ops/bench/experiments' threshold (ops/bench/sim-http's is 5 % of a core in 10 s
   * slices; a round here is 20 to 30 s of the heavier operations).
   */
  private static final double SETTLED_JIT_SHARE = 0.10;

  /** The least work's organization, which ops/bench/sim-scale makes in its database. */
  private static final String LEAST_SLUG = "least";

  /** The service's H2 URL settings (config/sim-server.yml), for the least work's database. */
  private static final String H2_SETTINGS = ";WRITE_DELAY=0;AUTO_SERVER=TRUE";

  private final DriverOptions options;
  private final ProcessCpu server;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  private SimulationScaleCost(DriverOptions options) {
    this.options = options;
    this.server = ProcessCpu.of(Long.parseLong(options.get("pid")));
  }

  public static void main(String[] args) throws Exception {
    new SimulationScaleCost(DriverOptions.parse(args, List.of("sim", "key", "pid", "least-db")))
        .run();
  }

  private void run() throws Exception {
    List<Integer> sizes =
        Arrays.stream(options.get("sizes", "1000,100000").split(","))
            .map(String::strip)
            .map(Integer::parseInt)
            .toList();
    Map<Integer, Map<String, Double>> cpu = new LinkedHashMap<>();
    for (int agents : sizes) {
      cpu.put(agents, measureSize(agents));
    }
    int smallest = sizes.get(0);
    for (int agents : sizes.subList(1, sizes.size())) {
      System.out.printf(
          Locale.ROOT,
          "# %d agents / %d agents (agents' ratio %.0f): server CPU per operation%n",
          agents,
          smallest,
          (double) agents / smallest);
      for (String operation : cpu.get(agents).keySet()) {
        double large = cpu.get(agents).get(operation);
        double small = cpu.get(smallest).get(operation);
        System.out.printf(
            Locale.ROOT,
            "  %-10s %10.3f ms / %8.3f ms = %8.2f%n",
            operation,
            large,
            small,
            large / small);
      }
      goal(cpu, STEP, LEAST_STEP, smallest, agents);
      goal(cpu, CREATE, LEAST_CREATE, smallest, agents);
    }
  }

  /**
   * Prints {@code operation} at {@code agents} against twice its cost at {@code smallest} plus its
   * linear part measured in process ({@code linear}) at {@code agents}: issue 33's goal is under 1.
   */
  private static void goal(
      Map<Integer, Map<String, Double>> cpu,
      String operation,
      String linear,
      int smallest,
      int agents) {
    double large = cpu.get(agents).get(operation);
    double bound = 2 * cpu.get(smallest).get(operation) + cpu.get(agents).get(linear);
    System.out.printf(
        Locale.ROOT,
        "# %s at %d agents / (2 x its cost at %d + %s at %d): %.3f ms / %.3f ms = %.2f"
            + " (goal: under 1)%n",
        operation,
        agents,
        smallest,
        linear,
        agents,
        large,
        bound,
        large / bound);
  }

  /**
   * The four operations at one size and their least work, in turn within each round (the least work
   * of a step just before the steps, of a create just before the creates), so that a machine whose
   * speed drifts between minutes moves both alike. The steps come first: what the server still does
   * after its creates (collecting their garbage, H2 writing their pages) would otherwise run beside
   * a least work. Returns the median CPU ms per operation of the rounds.
   */
  private Map<String, Double> measureSize(int agents) throws Exception {
    String body = scenarioBody(agents);
    int repeat = options.intValue("repeat", 10) * Math.max(1, 100_000 / agents);
    int threads = options.intValue("engine-threads", Runtime.getRuntime().availableProcessors());
    Map<String, List<Double>> rounds = new LinkedHashMap<>();
    try (DurableProgress database = leastWorkDatabase(body, agents);
        TickThreads tickThreads = TickThreads.of(threads)) {
      Simulation leastStepped = firstLeastStep(body, tickThreads, database);
      String id = created(body);
      send("/v1/simulations/" + id + "/step", "{\"ticks\":100}");
      System.out.printf(Locale.ROOT, "# %d agents (scenario %d bytes)%n", agents, body.length());
      Map<String, Operation> operations = new LinkedHashMap<>();
      operations.put(
          LEAST_STEP,
          inProcess(
              LEAST_STEP + ", in process on " + threads + " threads",
              repeat,
              () -> database.step(leastStepped.nextTick(), stepped(leastStepped))));
      operations.put(
          STEP,
          overHttp(
              agents,
              STEP,
              () -> send("/v1/simulations/" + id + "/step", "{\"ticks\":100}"),
              repeat));
      operations.put(
          LEAST_CREATE,
          inProcess(LEAST_CREATE + ", in process", repeat, () -> leastCreate(body, database)));
      operations.put(CREATE, overHttp(agents, CREATE, () -> !created(body).isEmpty(), repeat));
      operations.put(
          "evaluate",
          overHttp(
              agents, "evaluate", () -> send("/v1/simulations/" + id + "/evaluations", "{}"), 0));
      operations.put("GET", overHttp(agents, "GET", () -> get("/v1/simulations/" + id), 0));
      warmUp(operations);
      for (int round = 1; round <= options.intValue("rounds", 3); round++) {
        for (Map.Entry<String, Operation> operation : operations.entrySet()) {
          double cpu = operation.getValue().cpuMillisPerOp(true);
          rounds.computeIfAbsent(operation.getKey(), k -> new ArrayList<>()).add(cpu);
        }
      }
    }
    Map<String, Double> medians = new LinkedHashMap<>();
    rounds.forEach((operation, values) -> medians.put(operation, median(values)));
    return medians;
  }

  /**
   * Unmeasured rounds of every operation until the JIT compiler threads of the server and of this
   * process (which does the least work) used less than {@link #SETTLED_JIT_SHARE} of a core in a
   * round, at most {@code --warm-up-rounds}. With a single warm-up round, the server's compiler
   * threads took a quarter of its CPU over a whole run (async-profiler, 2026-11-29): operations
   * were measured while their code was still being compiled, as ops/bench/sim-http and
   * ops/bench/experiments no longer are.
   */
  private void warmUp(Map<String, Operation> operations) throws Exception {
    ProcessCpu self = ProcessCpu.self();
    int most = options.intValue("warm-up-rounds", 10);
    for (int round = 1; round <= most; round++) {
      double serverBefore = server.compilerMillis();
      double selfBefore = self.compilerMillis();
      long start = System.nanoTime();
      for (Operation operation : operations.values()) {
        operation.cpuMillisPerOp(false);
      }
      double millis = (System.nanoTime() - start) / 1e6;
      double serverShare = (server.compilerMillis() - serverBefore) / millis;
      double selfShare = (self.compilerMillis() - selfBefore) / millis;
      System.out.printf(
          Locale.ROOT,
          "# warm-up round %d (%.1f s): the JIT's threads used %.0f %% of a core in the server,"
              + " %.0f %% in this process%n",
          round,
          millis / 1000,
          100 * serverShare,
          100 * selfShare);
      if (serverShare < SETTLED_JIT_SHARE && selfShare < SETTLED_JIT_SHARE) {
        return;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "# warm-up: the JIT had not settled after %d rounds; measuring anyway%n",
        most);
  }

  /** One operation's round: its CPU milliseconds per call, printed when {@code shown}. */
  private interface Operation {
    double cpuMillisPerOp(boolean shown) throws Exception;
  }

  /** {@code call} made over HTTP ({@link #measure}), the server's CPU per call. */
  private Operation overHttp(int agents, String name, Call call, int count) {
    return shown -> {
      Measurement measured = measure(agents + " agents, " + name, call, count);
      if (shown) {
        System.out.println(measured);
      }
      return measured.cpuMillisPerOp();
    };
  }

  /** {@code work} done {@code repeat} times in this process: this process's CPU per time done. */
  private static Operation inProcess(String name, int repeat, Work work) {
    return shown -> {
      ProcessCpu self = ProcessCpu.self();
      double before = self.millis();
      for (int done = 0; done < repeat; done++) {
        work.run();
      }
      double perOperation = (self.millis() - before) / repeat;
      if (shown) {
        System.out.printf(
            Locale.ROOT, "%-44s %d ops   CPU %.3f ms/op%n", name, repeat, perOperation);
      }
      return perOperation;
    };
  }

  /**
   * The least work's database for one size, for the scenario of {@code body}: a fresh copy of the
   * migrated {@code --least-db} (an H2 file and, beside it, its password file).
   */
  private DurableProgress leastWorkDatabase(String body, int agents)
      throws IOException, SQLException {
    Path pristine = Path.of(options.get("least-db"));
    Path copy = pristine.resolveSibling(pristine.getFileName() + "-" + agents);
    Files.copy(
        Path.of(pristine + ".mv.db"),
        Path.of(copy + ".mv.db"),
        StandardCopyOption.REPLACE_EXISTING);
    String password =
        Files.readString(Path.of(pristine + ".password"), StandardCharsets.US_ASCII).strip();
    return new DurableProgress(
        "jdbc:h2:file:" + copy.toAbsolutePath() + H2_SETTINGS,
        password,
        LEAST_SLUG,
        ScenarioJson.toBytes(parsed(body)),
        EngineRegistry.standard().latest().id());
  }

  /**
   * The simulation whose steps are the least work of a step: made and stepped once, untimed, as
   * over HTTP; its steps run on the server's count of threads.
   */
  private static Simulation firstLeastStep(
      String body, TickThreads tickThreads, DurableProgress database)
      throws IOException, SQLException {
    Simulation simulation =
        EngineRegistry.standard().latest().newSimulation(parsed(body), tickThreads);
    database.startStepping(DurableProgress.stateJson(simulation.state()));
    database.step(0, stepped(simulation));
    return simulation;
  }

  /**
   * 100 ticks of {@code simulation}, as a step's durable transaction stores them: the state, the
   * prophecies, and where the ticks cross the snapshot interval the snapshot (linear in the agents
   * too).
   */
  private static DurableProgress.Progress stepped(Simulation simulation) throws IOException {
    long from = simulation.nextTick();
    PublishedProphecies prophecies = new PublishedProphecies();
    simulation.advance(100, prophecies);
    byte[] snapshot =
        DurableProgress.snapshotDue(from, simulation.nextTick()) ? simulation.snapshot() : null;
    return new DurableProgress.Progress(
        simulation.nextTick(),
        DurableProgress.stateJson(simulation.state()),
        prophecies.data(),
        snapshot);
  }

  /**
   * A create's least work: the request body parsed, its scenario read, written back in its
   * canonical form and its world built, as the server does, then the run counted and the simulation
   * inserted with the scenario's bytes, durably.
   */
  private static void leastCreate(String body, DurableProgress database)
      throws IOException, SQLException {
    Scenario scenario = parsed(body);
    byte[] canonical = ScenarioJson.toBytes(scenario);
    StateSnapshot state =
        EngineRegistry.standard().latest().newSimulation(scenario, TickThreads.single()).state();
    database.create(canonical, DurableProgress.stateJson(state));
  }

  private static Scenario parsed(String body) throws IOException {
    return ScenarioParser.parse(JSON.readTree(body).get("scenario"), "scenario");
  }

  /** One operation done in this process. */
  private interface Work {
    void run() throws IOException, SQLException;
  }

  /** One call; true when it answered 2xx. */
  private interface Call {
    boolean succeeded() throws Exception;
  }

  /** Makes {@code call} for {@code --seconds} (at most {@code count} times when not 0). */
  private Measurement measure(String name, Call call, int count) throws Exception {
    int concurrency = options.intValue("concurrency", 1);
    long nanos = options.intValue("seconds", 5) * 1_000_000_000L;
    List<Call> calls = Collections.nCopies(count == 0 ? 10_000_000 : count, call);
    return server.measure(
        () -> Workers.run(name, concurrency, calls, nanos, (c, worker) -> c.succeeded()));
  }

  private static String scenarioBody(int agents) throws IOException {
    ObjectNode body = JSON.createObjectNode();
    body.set("scenario", EngineBenchmark.scenarioJson(agents, false, 0.5));
    return JSON.writeValueAsString(body);
  }

  private String created(String body) throws IOException, InterruptedException {
    HttpResponse<String> response = post("/v1/simulations", body);
    if (response.statusCode() != 201) {
      throw new IllegalStateException("create answered " + response.statusCode());
    }
    return JSON.readTree(response.body()).path("id").asText();
  }

  private boolean send(String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> response = post(path, body);
    if (response.statusCode() >= 300) {
      throw new IllegalStateException(
          path + " answered " + response.statusCode() + ": " + response.body());
    }
    return true;
  }

  private HttpResponse<String> post(String path, String body)
      throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(options.get("sim") + path))
            .timeout(Duration.ofMinutes(5))
            .header("Content-Type", "application/json")
            .header("X-Api-Key", options.get("key"))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private boolean get(String path) throws IOException, InterruptedException {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(options.get("sim") + path))
            .timeout(Duration.ofSeconds(60))
            .header("X-Api-Key", options.get("key"))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    return sorted.get(sorted.size() / 2);
  }
}
