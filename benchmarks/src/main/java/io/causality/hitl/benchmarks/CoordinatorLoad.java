package io.causality.hitl.benchmarks;

import io.causality.common.cli.CommandOutput;
import io.causality.hitl.coordinator.policy.DevInit;
import io.causality.hitl.protocol.ApproveOverrideRequest;
import io.causality.hitl.protocol.CoordinatorClient;
import io.causality.hitl.protocol.OverrideTokenEnvelope;
import io.causality.hitl.protocol.PemKeys;
import io.causality.hitl.protocol.RedeemRequest;
import io.causality.hitl.protocol.RedeemResponse;
import io.causality.hitl.protocol.RedeemStatus;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivateKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
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
 * [--key-id ops-1] [--tokens 1000] [--warmup 300] [--concurrency 1,16] [--raw-seconds 4]}.
 */
public final class CoordinatorLoad {

  private final Map<String, String> options;
  private final CoordinatorClient client;
  private final DevInit.Layout deployment;
  private final ProcessCpu server;
  private final ProcessCpu driver = ProcessCpu.self();

  private CoordinatorLoad(Map<String, String> options) {
    this.options = options;
    this.client =
        new CoordinatorClient(
            URI.create(options.get("url")), Duration.ofSeconds(30), Optional.empty());
    this.deployment = new DevInit.Layout(Path.of(options.get("deployment")));
    this.server =
        options.containsKey("server-pid")
            ? ProcessCpu.of(Long.parseLong(options.get("server-pid")))
            : null;
  }

  public static void main(String[] args) throws Exception {
    // The in-process service logs each decision at INFO; only the figures go to stdout.
    CommandOutput.logWarningsToStandardError();
    new CoordinatorLoad(parse(args)).run();
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
            deployment.keys().resolve("policy-signing.pub.pem"),
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
    report(httpApprovals, localApprovals, signing(overHttp.get(0)));
    List<String> rawIds = submittedInProcess(local, "raw-approval", count);
    PrivateKey key = PemKeys.readPrivateKey(deployment.authorityKey());
    reportLeastWork(
        httpApprovals,
        localApprovals,
        driver.measure(
            () ->
                RawTransactions.approvals(
                    local.database(), rawIds, overHttp.get(0).payload(), key)));
  }

  /** Redemptions at one concurrency over HTTP, in process, and as raw transactions. */
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
    Measurement httpRedemptions =
        onServer(
            () ->
                Workers.run(
                    "redemptions over HTTP", threads, overHttp, (token, w) -> redeem(token)));
    Measurement localRedemptions =
        driver.measure(
            () ->
                Workers.run(
                    "redemptions in process",
                    threads,
                    inProcess,
                    (token, w) -> local.redeem(token)));
    report(httpRedemptions, localRedemptions, raw);
    List<RawTransactions.Issued> issued = issued(local, tokens);
    reportLeastWork(
        httpRedemptions,
        localRedemptions,
        driver.measure(() -> RawTransactions.redemptions(local.database(), threads, issued)));
    List<String> unknown = unknownTokenIds(tokens);
    reportFloor(
        onServer(
            () ->
                Workers.run(
                    "unknown-token redemptions over HTTP",
                    threads,
                    unknown,
                    (tokenId, w) -> redeemUnknown(tokenId))),
        raw);
  }

  /** A phase over HTTP, with the server's CPU time per operation when its process id is known. */
  private Measurement onServer(ProcessCpu.Phase phase) throws Exception {
    return server == null ? phase.run() : server.measure(phase);
  }

  private static List<String> unknownTokenIds(int count) {
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(UUID.randomUUID().toString());
    }
    return ids;
  }

  /**
   * The HTTP floor: what the redeem endpoint costs over HTTP when it writes nothing. Beside the raw
   * rate it shows how much of the gap no database work can close.
   */
  private static void reportFloor(Measurement floor, Measurement raw) {
    System.out.println(floor);
    System.out.printf(
        Locale.ROOT,
        "  the same endpoint without a write: %.1f %% of the raw " + "rate%n",
        100.0 * floor.perSecond() / raw.perSecond());
  }

  private Measurement signing(OverrideTokenEnvelope token) throws Exception {
    PrivateKey key = PemKeys.readPrivateKey(deployment.authorityKey());
    return RawLimits.ps256Signing(token.payload(), key, rawSeconds());
  }

  private Optional<OverrideTokenEnvelope> approve(String id) {
    return client.approve(id, new ApproveOverrideRequest(keyId(), null, null)).body();
  }

  /** True when ACCEPTED. */
  private boolean redeem(OverrideTokenEnvelope token) {
    return client
        .redeem(Submissions.redemptionOf(token))
        .body()
        .map(RedeemResponse::accepted)
        .orElse(false);
  }

  /**
   * Redeems a token id the coordinator never issued, with an otherwise well-formed body: the same
   * endpoint, JSON and client as {@link #redeem}, and one indexed read instead of the durable
   * write; true when the answer is UNKNOWN_TOKEN.
   */
  private boolean redeemUnknown(String tokenId) {
    RedeemRequest body =
        new RedeemRequest(tokenId, "sha256:" + "0".repeat(64), 1L, "bench", "bench");
    return client
        .redeem(body)
        .body()
        .map(r -> r.status() == RedeemStatus.UNKNOWN_TOKEN)
        .orElse(false);
  }

  /** Full cycles on both paths, so that neither runs cold. */
  private void warmUp(InProcessCoordinator local, int cycles) throws Exception {
    Workers.run(
        "warm-up",
        4,
        submittedOverHttp("warmup", cycles),
        (id, w) -> approve(id).map(this::redeem).orElse(false));
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

  /** The same path beside the raw transaction of the writes it must make. */
  private static void reportLeastWork(Measurement http, Measurement local, Measurement leastWork) {
    System.out.println(leastWork);
    System.out.printf(
        Locale.ROOT,
        "  over HTTP: %.1f %% of the least work;" + " in process: %.1f %% of the least work%n",
        100 * http.perSecond() / leastWork.perSecond(),
        100 * local.perSecond() / leastWork.perSecond());
    if (!Double.isNaN(http.cpuMillisPerOp())) {
      System.out.printf(
          Locale.ROOT,
          "  CPU per operation: least work / over HTTP (server) %.2f; least work / in process"
              + " %.2f%n",
          leastWork.cpuMillisPerOp() / http.cpuMillisPerOp(),
          leastWork.cpuMillisPerOp() / local.cpuMillisPerOp());
    }
    if (leastWork.errors() > 0) {
      System.out.println("  WARNING: " + leastWork.errors() + " raw transactions failed");
    }
  }

  private static void report(Measurement http, Measurement local, Measurement raw) {
    System.out.println(http);
    System.out.println(local);
    System.out.println(raw);
    System.out.printf(
        Locale.ROOT,
        "  over HTTP: %.1f %% of the raw rate;" + " in process: %.1f %% of the raw rate%n",
        100 * http.perSecond() / raw.perSecond(),
        100 * local.perSecond() / raw.perSecond());
    if (http.errors() + local.errors() > 0) {
      System.out.println("  WARNING: " + (http.errors() + local.errors()) + " operations failed");
    }
  }

  private Path scratch() throws Exception {
    return Files.createDirectories(Path.of(options.get("scratch")));
  }

  private String keyId() {
    return options.getOrDefault("key-id", DevInit.AUTHORITY_KEY_ID);
  }

  private double rawSeconds() {
    return Double.parseDouble(options.getOrDefault("raw-seconds", "4"));
  }

  private List<Integer> concurrencyLevels() {
    List<Integer> levels = new ArrayList<>();
    for (String level : options.getOrDefault("concurrency", "1,16").split(",")) {
      levels.add(Integer.parseInt(level.strip()));
    }
    return levels;
  }

  private int intOption(String name, int fallback) {
    return options.containsKey(name) ? Integer.parseInt(options.get(name)) : fallback;
  }

  private static Map<String, String> parse(String[] args) {
    Map<String, String> options = new ConcurrentHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --name value, got " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    for (String required : List.of("url", "deployment", "scratch")) {
      if (!options.containsKey(required)) {
        throw new IllegalArgumentException("--" + required + " is required");
      }
    }
    return options;
  }
}
