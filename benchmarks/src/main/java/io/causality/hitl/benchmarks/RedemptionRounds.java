package io.causality.hitl.benchmarks;

import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import java.security.PrivateKey;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The four redemption paths at one concurrency, in alternating rounds so that the load of a shared
 * machine falls on every path alike: over HTTP, in process, the raw 3-write transaction with the
 * answer's signature, and the HTTP floor (the redeem endpoint with a token id never issued: one
 * indexed read and the signed REJECTED answer, no write). Each path's rounds are merged into one
 * figure, with the CPU time per operation of the process that did its work (the server's over HTTP
 * when its process id is known, this process's otherwise).
 */
final class RedemptionRounds {
  /** The merged figure of each path. */
  record Paths(Measurement http, Measurement inProcess, Measurement leastWork, Measurement floor) {}

  private final CoordinatorClient client;
  private final ProcessCpu server;
  private final ProcessCpu driver;
  private final int rounds;
  private final PrivateKey answerKey;

  /**
   * @param server the server's CPU time, or null when its process id is not known
   * @param answerKey the coordinator's key, which the raw transactions sign their answers with
   */
  RedemptionRounds(
      CoordinatorClient client,
      ProcessCpu server,
      ProcessCpu driver,
      int rounds,
      PrivateKey answerKey) {
    this.client = client;
    this.server = server;
    this.driver = driver;
    this.rounds = rounds;
    this.answerKey = answerKey;
  }

  /** Redeems the tokens of each path, the same number each, in {@code rounds} rounds. */
  Paths run(
      InProcessCoordinator local,
      int threads,
      List<OverrideTokenEnvelope> overHttp,
      List<OverrideTokenEnvelope> inProcess,
      List<RawTransactions.Issued> issued)
      throws Exception {
    int tokens = overHttp.size();
    Batch batch = new Batch(local, threads, overHttp, inProcess, issued, unknownTokenIds(tokens));
    List<List<Measurement>> paths = List.of(list(), list(), list(), list());
    for (int r = 0; r < rounds; r++) {
      int from = r * tokens / rounds;
      int to = (r + 1) * tokens / rounds;
      // Each round starts with the next path: none always runs right after the server's busiest
      // phase, or first after the previous concurrency.
      for (int k = 0; k < paths.size(); k++) {
        int path = (r + k) % paths.size();
        paths.get(path).add(round(path, batch, from, to));
      }
    }
    return new Paths(
        Measurement.merge(paths.get(0)),
        Measurement.merge(paths.get(1)),
        Measurement.merge(paths.get(2)),
        Measurement.merge(paths.get(3)));
  }

  /** What the paths of one concurrency redeem: the same number of tokens each. */
  private record Batch(
      InProcessCoordinator local,
      int threads,
      List<OverrideTokenEnvelope> overHttp,
      List<OverrideTokenEnvelope> inProcess,
      List<RawTransactions.Issued> issued,
      List<String> unknown) {}

  /** One round of one path: its tokens from {@code from} to {@code to}. */
  private Measurement round(int path, Batch batch, int from, int to) throws Exception {
    int threads = batch.threads();
    return switch (path) {
      case 0 ->
          onServer(
              threads, "redemptions over HTTP", batch.overHttp().subList(from, to), this::redeem);
      case 1 ->
          driver.measure(
              () ->
                  Workers.run(
                      "redemptions in process",
                      threads,
                      batch.inProcess().subList(from, to),
                      (token, w) -> batch.local().redeem(token)));
      case 2 ->
          RawTransactions.redemptions(
              batch.local().database(),
              threads,
              batch.issued().subList(from, to),
              answerKey,
              driver);
      default ->
          onServer(
              threads,
              "unknown-token redemptions over HTTP",
              batch.unknown().subList(from, to),
              this::redeemUnknown);
    };
  }

  /** True when ACCEPTED. */
  boolean redeem(OverrideTokenEnvelope token) {
    return client
        .redeem(Submissions.redemptionOf(token))
        .body()
        .map(RedeemResponse::accepted)
        .orElse(false);
  }

  private interface Call<T> {
    boolean run(T item);
  }

  private <T> Measurement onServer(int threads, String name, List<T> items, Call<T> call)
      throws Exception {
    ProcessCpu.Phase phase = () -> Workers.run(name, threads, items, (item, w) -> call.run(item));
    return server == null ? phase.run() : server.measure(phase);
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

  private static List<String> unknownTokenIds(int count) {
    List<String> ids = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ids.add(UUID.randomUUID().toString());
    }
    return ids;
  }

  private static List<Measurement> list() {
    return new ArrayList<>();
  }
}
