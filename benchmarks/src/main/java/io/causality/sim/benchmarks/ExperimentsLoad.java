package io.causality.sim.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.engine.core.EngineRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The experiments' driver (docs/performance.md, "Experiments"; ops/bench/experiments runs it). Its
 * workload is {@link ExperimentsWorkload}'s experiment of {@code RUNS} runs of {@code TICKS} ticks.
 * Five modes, each but {@code memory} ending with a {@code figure} line of key=value pairs that the
 * script sums up; a driver, not a test: it prints, it does not judge.
 *
 * <ul>
 *   <li>{@code engine RUNS TICKS [THREADS]}: the anchor, the same runs on the engine in this thread
 *       (or spread over {@code THREADS} threads: the anchor of the workers' scaling) with nothing
 *       collected or stored ({@link ExperimentsAnchor}), in runs per second and per CPU second,
 *       after a warm-up of a fifth of the runs.
 *   <li>{@code stored RUNS TICKS}: the least work of a worker's runs ({@link
 *       ExperimentsStoredAnchor}): computed as a worker does and each run's row stored durably, a
 *       chunk per transaction, raw JDBC on a fresh H2 file; the most a worker can reach.
 *   <li>{@code throughput URL KEY WARM_UP_KEY,LAST_WARM_UP_KEY RUNS TICKS WORKERS PID}: against a
 *       sim-server (process {@code PID} on this machine, with {@code WORKERS} experiment workers
 *       and nothing else asked of it), after small warm-up experiments until the server's JIT
 *       settles ({@link #warmUpUntilTheJitSettles}, with {@code WARM_UP_KEY}) and one of the
 *       measured size ({@link #warmUpOfTheMeasuredSize}, with {@code LAST_WARM_UP_KEY}), each key
 *       of an organization of its own, submits the experiment (with {@code KEY}) and awaits its
 *       completion: its runs per second from its acceptance to its last stored chunk ({@code
 *       createdAt} to the {@code updatedAt} of the last chunk's progress), per worker; the workers'
 *       CPU per run ({@link WorkerCpu}); the aggregation's CPU (the workers' CPU from the last
 *       chunk to the completion) as a share of the runs'.
 *   <li>{@code memory URL KEY RUNS TICKS}: one experiment of the measured size, run to its end,
 *       while the script reads the server's live heap. Apart from the throughput, since a reading
 *       (a {@code jcmd} process and a full collection in the server) takes CPU that two workers on
 *       two cores would otherwise have.
 *   <li>{@code latency URL KEY RUNS TICKS PROBES}: the p50 and p99 of {@code GET
 *       /v1/simulations/{id}} and of a 100-tick step ({@code PROBES} of each, alternating, on a
 *       fresh simulation), on the idle server (after a warm-up), then while an experiment runs (the
 *       experiment is cancelled after; it must outlast the probes, which the figure line says).
 * </ul>
 */
public final class ExperimentsLoad {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final Duration STALLED = Duration.ofMinutes(5);

  /**
   * Runs a strategic organization may start a period (Tier.STRATEGIC): the small warm-ups, the one
   * of the measured size, the measured experiment and the latency phase's each have an organization
   * of their own.
   */
  private static final int RUNS_A_PERIOD = 100_000;

  /**
   * Runs of a small warm-up experiment: ChunkPlan cuts it into 32 chunks of 3 runs, so that the
   * workers' per-chunk code (the claim, the transaction, the commit) and the per-experiment code
   * (the aggregation, the completion) run some 30 times as often for the runs they spend as in the
   * measured experiment, whose chunks hold hundreds of runs. The JIT compiles a method after
   * thousands of calls: per-chunk code called 20 times a second stays interpreted or in C1 for
   * minutes of large experiments, and the JIT's threads, compiling it bit by bit, take a share of a
   * core that on two cores is a worker's (docs/performance.md, "Experiments").
   */
  static final int SMALL_WARM_UP_RUNS = 96;

  /** How long small warm-up experiments go on between two readings of the JIT's share. */
  private static final long WARM_UP_ROUND_NANOS = 3_000_000_000L;

  /** The JIT is settled when its threads used less than this share of a warm-up round's time. */
  private static final double SETTLED_JIT_SHARE = 0.10;

  private static final int JIT_WAIT_SECONDS = 60;

  private final String base;
  private final String key;
  private final WorkerCpu cpu;
  private final WorkerCpu jit;

  private ExperimentsLoad(String base, String key, WorkerCpu cpu, WorkerCpu jit) {
    this.base = base;
    this.key = key;
    this.cpu = cpu;
    this.jit = jit;
  }

  public static void main(String[] args) throws Exception {
    String mode = args.length == 0 ? "" : args[0];
    if (mode.equals("engine") && (args.length == 3 || args.length == 4)) {
      engine(
          Integer.parseInt(args[1]),
          Integer.parseInt(args[2]),
          args.length == 4 ? Integer.parseInt(args[3]) : 1);
    } else if (mode.equals("stored") && args.length == 3) {
      stored(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
    } else if (mode.equals("throughput")
        && args.length == 8
        && args[3].split(",", -1).length == 2) {
      long pid = Long.parseLong(args[7]);
      WorkerCpu workers = WorkerCpu.ofProcess(pid);
      WorkerCpu compilers = WorkerCpu.compilerOfProcess(pid);
      String[] warmUpKeys = args[3].split(",", -1);
      new ExperimentsLoad(args[1], args[2], workers, compilers)
          .throughput(
              new ExperimentsLoad(args[1], warmUpKeys[0], workers, compilers),
              new ExperimentsLoad(args[1], warmUpKeys[1], workers, compilers),
              Integer.parseInt(args[4]),
              Integer.parseInt(args[5]),
              Integer.parseInt(args[6]),
              pid);
    } else if (mode.equals("memory") && args.length == 5) {
      new ExperimentsLoad(args[1], args[2], null, null)
          .memory(Integer.parseInt(args[3]), Integer.parseInt(args[4]));
    } else if (mode.equals("latency") && args.length == 6) {
      new ExperimentsLoad(args[1], args[2], null, null)
          .latency(Integer.parseInt(args[3]), Integer.parseInt(args[4]), Integer.parseInt(args[5]));
    } else {
      System.err.println(
          "usage: ExperimentsLoad engine RUNS TICKS [THREADS]\n"
              + "       ExperimentsLoad stored RUNS TICKS\n"
              + "       ExperimentsLoad throughput URL KEY WARM_UP_KEY,LAST_WARM_UP_KEY RUNS TICKS"
              + " WORKERS PID\n"
              + "       ExperimentsLoad memory URL KEY RUNS TICKS\n"
              + "       ExperimentsLoad latency URL KEY RUNS TICKS PROBES");
      System.exit(2);
    }
  }

  static void engine(int runs, int ticks, int threads) {
    EngineRegistry engines = EngineRegistry.standard();
    ExperimentsAnchor.measure(
        ExperimentsWorkload.experiment(warmUpRuns(runs), ticks, engines),
        engines.latest(),
        threads);
    ExperimentsAnchor.Measured m =
        ExperimentsAnchor.measure(
            ExperimentsWorkload.experiment(runs, ticks, engines), engines.latest(), threads);
    report(
        String.format(Locale.ROOT, "engine in process, %d thread(s), nothing stored", threads),
        "anchor threads=" + threads,
        ticks,
        m);
  }

  static void stored(int runs, int ticks) throws Exception {
    EngineRegistry engines = EngineRegistry.standard();
    ExperimentsStoredAnchor.measure(
        ExperimentsWorkload.experiment(warmUpRuns(runs), ticks, engines), engines);
    ExperimentsAnchor.Measured m =
        ExperimentsStoredAnchor.measure(
            ExperimentsWorkload.experiment(runs, ticks, engines), engines);
    report("least work, one thread, each run's row stored durably by chunk", "stored", ticks, m);
  }

  /** An anchor's line, then its {@code figure} line, whose first word the script reads. */
  private static void report(String what, String figure, int ticks, ExperimentsAnchor.Measured m) {
    System.out.printf(
        Locale.ROOT,
        "%s: %d runs of %d ticks in %.2f s: %.1f runs/s, %.1f runs per CPU second"
            + " (checksum %.6f)%n",
        what,
        m.runs(),
        ticks,
        m.wallNanos() / 1e9,
        m.runsPerSecond(),
        m.runsPerCpuSecond(),
        m.checksum());
    System.out.printf(
        Locale.ROOT,
        "figure %s runsPerSecond=%.3f runsPerCpuSecond=%.3f%n",
        figure,
        m.runsPerSecond(),
        m.runsPerCpuSecond());
  }

  /**
   * The measured experiment, in this driver's organization, after the warm-ups: {@code warmUps}'
   * small ones, then {@code lastWarmUp}'s one of the measured size, each in an organization of its
   * own, so that none takes the period's runs of another and the measured experiment may be the
   * tier's largest.
   */
  private void throughput(
      ExperimentsLoad warmUps,
      ExperimentsLoad lastWarmUp,
      int runs,
      int ticks,
      int workers,
      long pid)
      throws Exception {
    warmUps.warmUpUntilTheJitSettles(runs, ticks);
    lastWarmUp.warmUpOfTheMeasuredSize(runs, ticks);
    CpuReadings workersCpu = new CpuReadings(cpu::nanos);
    CpuReadings waited = new CpuReadings(cpu::waitingNanos);
    CpuReadings compiling = new CpuReadings(jit::nanos);
    readAll(workersCpu, waited, compiling);
    Map<String, Long> serverBefore = WorkerCpu.byKindOfProcess(pid);
    long driverBefore = driverCpuNanos();
    long submitted = System.nanoTime();
    String id = submit(runs, ticks);
    JsonNode lastChunk = null;
    Watch watch = new Watch();
    JsonNode experiment = get(id);
    readAll(workersCpu, waited, compiling);
    while (experiment.get("finishedAt").isNull()) {
      if (lastChunk == null && stored(experiment) == total(experiment)) {
        lastChunk = experiment;
      }
      watch.check(stored(experiment));
      Thread.sleep(pollMillis(experiment, System.nanoTime() - submitted));
      experiment = get(id);
      readAll(workersCpu, waited, compiling);
    }
    reportOtherThreads(
        serverBefore,
        WorkerCpu.byKindOfProcess(pid),
        driverCpuNanos() - driverBefore,
        System.nanoTime() - submitted);
    requireStatus(experiment, "completed");
    // The pool starts its threads as tasks come: count them once the work is done.
    if (cpu.threads() != workers) {
      System.out.printf(
          "the server ran %d worker thread(s), not %d: check experiments.workers%n",
          cpu.threads(), workers);
    }
    if (lastChunk == null) {
      System.out.println(
          "the last chunk and the aggregation fell between two polls: the aggregation is counted"
              + " with the runs (a larger experiment separates them)");
      lastChunk = experiment;
    }
    Instant created = Instant.parse(experiment.get("createdAt").asText());
    Instant stored = Instant.parse(lastChunk.get("updatedAt").asText());
    Instant finished = Instant.parse(experiment.get("finishedAt").asText());
    long cpuOfRuns = workersCpu.at(stored) - workersCpu.first();
    reportThroughput(
        experiment, lastChunk, workers, cpuOfRuns, workersCpu.at(finished) - workersCpu.at(stored));
    System.out.printf(
        Locale.ROOT,
        "while the runs went on, the workers waited %.2f s in all for a CPU held by other threads"
            + " (ready to run, on the run queue); the JIT's threads used %.0f %% of a core%n",
        (waited.at(stored) - waited.first()) / 1e9,
        100.0
            * (compiling.at(stored) - compiling.at(created))
            / Duration.between(created, stored).toNanos());
  }

  /**
   * What took CPU beside the workers while the experiment ran, from its submission to its end as
   * the driver saw it: the server's threads by kind (the four busiest) and the driver itself. On
   * two cores, two workers get all of both only when these use none.
   */
  private static void reportOtherThreads(
      Map<String, Long> before, Map<String, Long> after, long driverNanos, long wallNanos) {
    List<String> busiest =
        after.entrySet().stream()
            .filter(kind -> !kind.getKey().startsWith(WorkerCpu.THREAD_NAME))
            .map(
                kind ->
                    Map.entry(
                        kind.getKey(), kind.getValue() - before.getOrDefault(kind.getKey(), 0L)))
            .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
            .limit(4)
            .map(
                kind ->
                    String.format(
                        Locale.ROOT,
                        "%s %.0f %%",
                        kind.getKey(),
                        100.0 * kind.getValue() / wallNanos))
            .toList();
    System.out.printf(
        Locale.ROOT,
        "beside the workers, of a core while the experiment ran: the server's busiest other"
            + " threads %s; this driver %.0f %%%n",
        String.join(", ", busiest),
        100.0 * driverNanos / wallNanos);
  }

  private static long driverCpuNanos() {
    return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
  }

  private static void readAll(CpuReadings... readings) throws IOException {
    for (CpuReadings reading : readings) {
      reading.read();
    }
  }

  /**
   * Seldom while the runs go on, since the server's workers pause while it serves a request
   * (InteractiveFirst): half the time the runs left should take at the rate so far, at most a
   * second; every 5 ms near the end, to see the last chunk stored (its commit's time) before the
   * aggregation, which starts as soon as a worker takes it and takes tens of milliseconds, ends.
   */
  static long pollMillis(JsonNode experiment, long elapsedNanos) {
    int stored = stored(experiment);
    if (stored == 0) {
      return 100;
    }
    double left = (double) (total(experiment) - stored) / stored * elapsedNanos / 1e6;
    return Math.max(5, Math.min(1000, (long) (left / 2)));
  }

  /**
   * One warm-up experiment of a fifth of the runs, then rounds of small ones until the server's JIT
   * compiler threads used less than {@link #SETTLED_JIT_SHARE} of a round's time or the budget
   * ({@link #warmUpBudget}) is spent.
   */
  private void warmUpUntilTheJitSettles(int runs, int ticks) throws Exception {
    int budget = warmUpBudget(runs);
    int spent = warmUpRuns(runs);
    runToCompletion(spent, ticks);
    for (int round = 1; spent + SMALL_WARM_UP_RUNS <= budget; round++) {
      long jitBefore = jit.nanos();
      long start = System.nanoTime();
      do {
        runToCompletion(SMALL_WARM_UP_RUNS, ticks);
        spent += SMALL_WARM_UP_RUNS;
      } while (System.nanoTime() - start < WARM_UP_ROUND_NANOS
          && spent + SMALL_WARM_UP_RUNS <= budget);
      double share = (double) (jit.nanos() - jitBefore) / (System.nanoTime() - start);
      System.out.printf(
          Locale.ROOT,
          "warm-up round %d (%d runs in all): the JIT's threads used %.0f %% of a core%n",
          round,
          spent,
          100 * share);
      if (share < SETTLED_JIT_SHARE) {
        return;
      }
    }
  }

  /**
   * A warm-up as large as the measured experiment, then a wait for the JIT to finish what it
   * compiles. After the small ones, the first large experiment made the JIT compile again (branches
   * and types the small chunks never took: 888 methods made not entrant in its first 2.5 s,
   * `-XX:+LogCompilation`), and on two cores with two workers that took half a core from them.
   */
  private void warmUpOfTheMeasuredSize(int runs, int ticks) throws Exception {
    long jitBefore = jit.nanos();
    long start = System.nanoTime();
    runToCompletion(runs, ticks);
    System.out.printf(
        Locale.ROOT,
        "warm-up of the measured size, %d runs: the JIT's threads used %.0f %% of a core%n",
        runs,
        100.0 * (jit.nanos() - jitBefore) / (System.nanoTime() - start));
    waitForTheJit();
  }

  /**
   * With nothing asked of the server, waits until its JIT compiler threads use less than {@link
   * #SETTLED_JIT_SHARE} of a core over a second, at most {@link #JIT_WAIT_SECONDS}: on two busy
   * cores the compilers fall behind the warm-ups, and their backlog would take the measured
   * experiment's CPU. A server that has run for a while has compiled it long before.
   */
  private void waitForTheJit() throws Exception {
    for (int second = 1; second <= JIT_WAIT_SECONDS; second++) {
      long jitBefore = jit.nanos();
      long start = System.nanoTime();
      Thread.sleep(1000);
      double share = (double) (jit.nanos() - jitBefore) / (System.nanoTime() - start);
      if (share < SETTLED_JIT_SHARE) {
        System.out.printf(
            Locale.ROOT,
            "the JIT's threads were idle after %d s (%.0f %% of a core in the last)%n",
            second,
            100 * share);
        return;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "the JIT had not settled after %d s idle: the figures include it%n",
        JIT_WAIT_SECONDS);
  }

  /** Submits an experiment of {@code runs} runs and waits until it completed. */
  private void runToCompletion(int runs, int ticks) throws Exception {
    String id = submit(runs, ticks);
    Watch watch = new Watch();
    JsonNode experiment = get(id);
    while (experiment.get("finishedAt").isNull()) {
      watch.check(stored(experiment));
      Thread.sleep(runs <= SMALL_WARM_UP_RUNS ? 20 : 100);
      experiment = get(id);
    }
    requireStatus(experiment, "completed");
  }

  /**
   * The runs the first warm-up and the small ones may spend: twice the measured experiment's (at
   * 30,000 runs the JIT settled after 25,000 to 58,000), within their organization's period.
   */
  static int warmUpBudget(int runs) {
    return Math.min(2 * runs, RUNS_A_PERIOD);
  }

  static int warmUpRuns(int runs) {
    return Math.max(3, runs / 5);
  }

  private static void reportThroughput(
      JsonNode finished, JsonNode lastChunk, int workers, long cpuOfRuns, long cpuOfAggregation) {
    int total = total(finished);
    Instant created = Instant.parse(finished.get("createdAt").asText());
    Instant stored = Instant.parse(lastChunk.get("updatedAt").asText());
    Instant end = Instant.parse(finished.get("finishedAt").asText());
    double runSeconds = Duration.between(created, stored).toNanos() / 1e9;
    double aggregationSeconds = Duration.between(stored, end).toNanos() / 1e9;
    double perSecond = total / runSeconds;
    double perCpuSecond = total / (cpuOfRuns / 1e9);
    double share = (double) cpuOfAggregation / cpuOfRuns;
    System.out.printf(
        Locale.ROOT,
        "experiment %s: %d runs (%d failed) in %.2f s with %d worker(s): %.1f runs/s, %.1f per"
            + " worker; %.1f runs per worker CPU second (%.3f ms of CPU a run); aggregation %.3f s,"
            + " %.1f ms of CPU: %.2f %% of the runs' CPU%n",
        finished.get("id").asText(),
        total,
        finished.get("progress").get("failed").asInt(),
        runSeconds,
        workers,
        perSecond,
        perSecond / workers,
        perCpuSecond,
        cpuOfRuns / 1e6 / total,
        aggregationSeconds,
        cpuOfAggregation / 1e6,
        100 * share);
    System.out.printf(
        Locale.ROOT,
        "figure throughput workers=%d runs=%d runsPerSecond=%.3f perWorker=%.3f"
            + " perWorkerCpuSecond=%.3f aggregationCpuShare=%.6f aggregationSeconds=%.3f"
            + " aggregationSeparated=%b%n",
        workers,
        total,
        perSecond,
        perSecond / workers,
        perCpuSecond,
        share,
        aggregationSeconds,
        lastChunk != finished);
  }

  private void memory(int runs, int ticks) throws Exception {
    long start = System.nanoTime();
    runToCompletion(runs, ticks);
    System.out.printf(
        Locale.ROOT,
        "memory: an experiment of %d runs completed in %.1f s%n",
        runs,
        (System.nanoTime() - start) / 1e9);
  }

  private void latency(int runs, int ticks, int probes) throws Exception {
    probe(probes / 5 + 1); // the request paths' warm-up, not reported
    Probe idle = probe(probes);
    report("idle", idle);
    String id = submit(ExperimentsWorkload.definition(runs, ticks));
    JsonNode experiment = get(id);
    Watch watch = new Watch();
    while (experiment.get("status").asText().equals("queued")) {
      watch.check(0);
      Thread.sleep(10);
      experiment = get(id);
    }
    requireStatus(experiment, "running");
    Probe during = probe(probes);
    report("while an experiment runs", during);
    boolean throughout = get(id).get("status").asText().equals("running");
    if (throughout) {
      send("POST", "/v1/experiments/" + id + "/cancel", null, 200);
    } else {
      System.out.println(
          "the experiment ended before the probes did: these are not figures; raise RUNS");
    }
    System.out.printf(
        Locale.ROOT,
        "figure latency probes=%d getIdleP99=%.3f getDuringP99=%.3f stepIdleP99=%.3f"
            + " stepDuringP99=%.3f throughout=%b%n",
        probes,
        idle.gets().percentileMillis(0.99),
        during.gets().percentileMillis(0.99),
        idle.steps().percentileMillis(0.99),
        during.steps().percentileMillis(0.99),
        throughout);
  }

  /** The two kinds of request's times. */
  private record Probe(Latencies gets, Latencies steps) {}

  /** Alternates a GET of a fresh simulation and a 100-tick step of it, {@code count} of each. */
  private Probe probe(int count) throws Exception {
    String simulation =
        JSON.readTree(send("POST", "/v1/simulations", "{\"scenarioId\": \"chaos-storm\"}", 201))
            .get("id")
            .asText();
    Probe probe = new Probe(new Latencies(), new Latencies());
    for (int i = 0; i < count; i++) {
      probe.gets().add(timed("GET", "/v1/simulations/" + simulation, null));
      probe
          .steps()
          .add(timed("POST", "/v1/simulations/" + simulation + "/step", "{\"ticks\": 100}"));
    }
    return probe;
  }

  private long timed(String method, String path, String body) throws Exception {
    long start = System.nanoTime();
    send(method, path, body, 200);
    return System.nanoTime() - start;
  }

  private static void report(String when, Probe probe) {
    System.out.printf(
        Locale.ROOT,
        "%s: GET /v1/simulations/{id} p50 %.2f ms p99 %.2f ms; 100-tick step p50 %.2f ms p99 %.2f"
            + " ms (%d of each)%n",
        when,
        probe.gets().percentileMillis(0.5),
        probe.gets().percentileMillis(0.99),
        probe.steps().percentileMillis(0.5),
        probe.steps().percentileMillis(0.99),
        probe.gets().count());
  }

  private String submit(int runs, int ticks) throws Exception {
    return submit(ExperimentsWorkload.definition(runs, ticks));
  }

  private String submit(String definition) throws Exception {
    return JSON.readTree(send("POST", "/v1/experiments", definition, 202)).get("id").asText();
  }

  private static int stored(JsonNode experiment) {
    JsonNode progress = experiment.get("progress");
    return progress.get("done").asInt() + progress.get("failed").asInt();
  }

  private static int total(JsonNode experiment) {
    return experiment.get("progress").get("total").asInt();
  }

  private static void requireStatus(JsonNode experiment, String status) {
    if (!experiment.get("status").asText().equals(status)) {
      throw new IllegalStateException("the experiment is " + experiment + ", not " + status);
    }
  }

  /** Fails a wait that saw no progress for {@link #STALLED}. */
  private static final class Watch {
    private int last = -1;
    private long since = System.nanoTime();

    void check(int stored) {
      if (stored != last) {
        last = stored;
        since = System.nanoTime();
      } else if (System.nanoTime() - since > STALLED.toNanos()) {
        throw new IllegalStateException("no progress for " + STALLED);
      }
    }
  }

  private JsonNode get(String id) throws Exception {
    return JSON.readTree(send("GET", "/v1/experiments/" + id, null, 200));
  }

  private String send(String method, String path, String body, int expected) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path))
            .header("X-Api-Key", key)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != expected) {
      throw new IllegalStateException(
          method + " " + path + ": " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }
}
