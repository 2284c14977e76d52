package io.causality.hitl.benchmarks;

import io.causality.common.cli.CommandOutput;
import io.causality.hitl.coordinator.policy.DevInit;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * Load driver of a running coordinator (ops/bench/coordinator starts one and runs this). Each
 * figure is shown in three layers measured in the same run: over HTTP against the running jar; the
 * coordinator's own service in this process (same database settings, policy and key, no HTTP); and
 * the raw limit:
 *
 * <ul>
 *   <li>approvals per second on one client, beside the JDK's PS256 signing rate with the same key
 *       over a token payload;
 *   <li>for each concurrency, redemptions per second and latency (every one ACCEPTED, each token
 *       redeemed once), beside durable H2 conditional updates per second on the same number of
 *       threads.
 * </ul>
 *
 * <p>Each phase also reports the CPU time per operation of the process that did its work: the
 * server's (with {@code --server-pid}) over HTTP, this process's in process and for the raw
 * transactions; on shared cores the figure that sharing disturbs least.
 *
 * <p>Arguments: {@code --url URL --deployment DEV_INIT_DIR --scratch DIR [--server-pid PID]
 * [--key-id ops-1] [--tokens 1000] [--warmup 300] [--concurrency 1,16] [--rounds 8] [--raw-seconds
 * 4]}.
 */
public final class CoordinatorLoad {

  private final DriverOptions options;
  private final CoordinatorClient client;
  private final CoordinatorClient operator;
  private final DevInit.Layout deployment;
  private final ProcessCpu server;
  private final ProcessCpu driver = ProcessCpu.self();
  private final RedemptionRounds rounds;

  private CoordinatorLoad(DriverOptions options) {
    this.options = options;
    this.deployment = new DevInit.Layout(Path.of(options.get("deployment")));
    // the runtime submits and redeems, operator-1 approves: dev-init wrote their tokens
    this.client =
        BenchCallers.fromFile(
            options.get("url"), Duration.ofSeconds(30), deployment.runtimeToken());
    this.operator =
        BenchCallers.fromFile(
            options.get("url"), Duration.ofSeconds(30), deployment.operatorToken());
    this.server =
        options.get("server-pid") != null
            ? ProcessCpu.of(Long.parseLong(options.get("server-pid")))
            : null;
    this.rounds =
        new RedemptionRounds(
            client,
            server,
            driver,
            intOption("rounds", 8),
            PemKeys.readPrivateKey(deployment.coordinatorKey()));
  }

  public static void main(String[] args) throws Exception {
    // The in-process service logs each decision at INFO; only the figures go to stdout.
    CommandOutput.logWarningsToStandardError();
    new CoordinatorLoad(DriverOptions.parse(args, List.of("url", "deployment", "scratch"))).run();
    // The database pool's threads would keep the JVM alive.
    System.exit(0);
  }

  private void run() throws Exception {
    int tokens = intOption("tokens", 1_000);
    List<Integer> levels = concurrencyLevels();
    try (InProcessCoordinator local =
        new InProcessCoordinator(
            scratch().resolve("local"),
            deployment.policyFile(),
            deployment.authorityKey(),
            deployment.coordinatorKey(),
            deployment.trustedKey(),
            keyId())) {
      warmUp(local, intOption("warmup", 300));
      List<OverrideTokenEnvelope> overHttp = Collections.synchronizedList(new ArrayList<>());
      List<OverrideTokenEnvelope> inProcess = Collections.synchronizedList(new ArrayList<>());
      approvals(local, tokens * levels.size(), overHttp, inProcess);
      for (int i = 0; i < levels.size(); i++) {
        int from = i * tokens;
        redemptions(
            local,
            levels.get(i),
            overHttp.subList(from, from + tokens),
            inProcess.subList(from, from + tokens));
      }
    }
  }

  /** Approvals over HTTP and in process, issuing the tokens the redemptions will use. */
  private void approvals(
      InProcessCoordinator local,
      int count,
      List<OverrideTokenEnvelope> overHttp,
      List<OverrideTokenEnvelope> inProcess)
      throws Exception {
    List<String> httpIds = submittedOverHttp("bench", count);
    Measurement httpApprovals =
        onServer(
            () ->
                Workers.run(
                    "approvals over HTTP",
                    1,
                    httpIds,
                    (id, w) -> approve(id).map(overHttp::add).orElse(false)));
    List<String> localIds = submittedInProcess(local, "bench", count);
    Measurement localApprovals =
        driver.measure(
            () ->
                Workers.run(
                    "approvals in process",
                    1,
                    localIds,
                    (id, w) -> inProcess.add(local.approve(id))));
    CoordinatorReport.report(httpApprovals, localApprovals, signing(overHttp.get(0)));
    List<String> rawIds = submittedInProcess(local, "raw-approval", count);
    PrivateKey key = PemKeys.readPrivateKey(deployment.authorityKey());
    CoordinatorReport.reportLeastWork(
        httpApprovals,
        localApprovals,
        RawTransactions.approvals(
            local.database(), rawIds, overHttp.get(0).payload(), key, driver));
  }

  /**
   * Redemptions at one concurrency over HTTP, in process, as raw transactions, and the HTTP floor,
   * in alternating rounds ({@link RedemptionRounds}).
   */
  private void redemptions(
      InProcessCoordinator local,
      int threads,
      List<OverrideTokenEnvelope> overHttp,
      List<OverrideTokenEnvelope> inProcess)
      throws Exception {
    int tokens = overHttp.size();
    Measurement raw =
        RawLimits.conditionalUpdates(
            scratch(), threads, Math.max(50_000, tokens * 10), rawSeconds());
    List<RawTransactions.Issued> issued = issued(local, tokens);
    RedemptionRounds.Paths paths = rounds.run(local, threads, overHttp, inProcess, issued);
    CoordinatorReport.report(paths.http(), paths.inProcess(), raw);
    CoordinatorReport.reportLeastWork(paths.http(), paths.inProcess(), paths.leastWork());
    CoordinatorReport.reportFloor(paths.floor(), raw, paths.leastWork());
  }

  /** A phase over HTTP, with the server's CPU time per operation when its process id is known. */
  private Measurement onServer(ProcessCpu.Phase phase) throws Exception {
    return server == null ? phase.run() : server.measure(phase);
  }

  private Measurement signing(OverrideTokenEnvelope token) throws Exception {
    PrivateKey key = PemKeys.readPrivateKey(deployment.authorityKey());
    return RawLimits.ps256Signing(token.payload(), key, rawSeconds());
  }

  private Optional<OverrideTokenEnvelope> approve(String id) {
    return operator.approve(id, new ApproveOverrideRequest(keyId(), null, null)).body();
  }

  /** Full cycles on both paths, so that neither runs cold. */
  private void warmUp(InProcessCoordinator local, int cycles) throws Exception {
    Workers.run(
        "warm-up",
        4,
        submittedOverHttp("warmup", cycles),
        (id, w) -> approve(id).map(rounds::redeem).orElse(false));
    Workers.run(
        "warm-up",
        4,
        submittedInProcess(local, "warmup", cycles),
        (id, w) -> local.redeem(local.approve(id)));
  }

  /** Fresh requests, each for its own actor so that dedupe lets it in; not timed. */
  private List<String> submittedOverHttp(String prefix, int count) throws Exception {
    return submitted(
        actors(prefix, count),
        actor ->
            client
                .submit(Submissions.submission(actor))
                .body()
                .orElseThrow()
                .coordinatorRequestId());
  }

  private static List<String> submittedInProcess(
      InProcessCoordinator local, String prefix, int count) throws Exception {
    return submitted(actors(prefix, count), local::submit);
  }

  private interface Submitter {
    String submit(String actor) throws Exception;
  }

  private static List<String> submitted(List<String> actors, Submitter submitter) throws Exception {
    Map<String, String> ids = new ConcurrentHashMap<>();
    Measurement submits =
        Workers.run(
            "submissions",
            4,
            actors,
            (actor, w) -> ids.put(actor, submitter.submit(actor)) == null);
    if (submits.errors() > 0) {
      throw new IllegalStateException(submits.errors() + " submissions failed");
    }
    return actors.stream().map(ids::get).toList();
  }

  private static List<String> actors(String prefix, int count) {
    String run = Long.toString(System.nanoTime(), 36);
    return IntStream.range(0, count).mapToObj(i -> prefix + "-" + run + "-" + i).toList();
  }

  /** Tokens issued by the in-process service for the raw redemptions; not timed. */
  private static List<RawTransactions.Issued> issued(InProcessCoordinator local, int count)
      throws Exception {
    List<RawTransactions.Issued> issued = Collections.synchronizedList(new ArrayList<>());
    Workers.run(
        "issuing",
        4,
        actors("raw-redemption", count),
        (actor, w) -> issued.add(local.issued(actor)));
    return issued;
  }

  private Path scratch() throws Exception {
    return Files.createDirectories(Path.of(options.get("scratch")));
  }

  private String keyId() {
    return options.get("key-id", DevInit.AUTHORITY_KEY_ID);
  }

  private double rawSeconds() {
    return Double.parseDouble(options.get("raw-seconds", "4"));
  }

  private List<Integer> concurrencyLevels() {
    List<Integer> levels = new ArrayList<>();
    for (String level : options.get("concurrency", "1,16").split(",")) {
      levels.add(Integer.parseInt(level.strip()));
    }
    return levels;
  }

  private int intOption(String name, int fallback) {
    return options.intValue(name, fallback);
  }
}
