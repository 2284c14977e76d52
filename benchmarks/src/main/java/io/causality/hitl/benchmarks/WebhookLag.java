package io.causality.hitl.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.causality.hitl.protocol.client.CoordinatorClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Webhook delivery lag (ops/bench/webhooks): a receiver on loopback at {@code --receiver-port},
 * which the coordinator's {@code webhooks} block names, and submissions at {@code --rate} per
 * second for {@code --seconds} (each writes one SUBMITTED audit event). The lag of each event is
 * the time it reached the receiver minus its {@code timestamp} (when the coordinator wrote it; same
 * machine clock): commit, the outbox poll, the POST. Reports its p50, p99 and maximum, with
 * duplicates and signatures that did not verify (both expected 0). The signed checkpoints of the
 * audit chain's head the coordinator sends beside the events are counted, not timed.
 */
public final class WebhookLag {
  private final Map<String, Long> lagMillis = new ConcurrentHashMap<>();
  private final AtomicInteger duplicates = new AtomicInteger();
  private final AtomicInteger badSignatures = new AtomicInteger();
  private final AtomicInteger checkpoints = new AtomicInteger();
  private final Set<String> submitted = ConcurrentHashMap.newKeySet();
  private final AtomicInteger refused = new AtomicInteger();
  private final java.util.Queue<Long> submitMillis =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final String secret;

  private WebhookLag(String secret) {
    this.secret = secret;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    WebhookLag bench = new WebhookLag(options.get("--secret"));
    HttpServer receiver = bench.receiver(Integer.parseInt(options.get("--receiver-port")));
    try {
      CoordinatorClient client =
          BenchCallers.fromEnvironment(
              options.get("--url"), Duration.ofSeconds(5), BenchCallers.RUNTIME_VARIABLE);
      int rate = Integer.parseInt(options.getOrDefault("--rate", "100"));
      int seconds = Integer.parseInt(options.getOrDefault("--seconds", "40"));
      int warmup = Integer.parseInt(options.getOrDefault("--warmup", "5"));
      bench.produce(client, rate, warmup, "warmup");
      bench.awaitAll(Duration.ofSeconds(30));
      bench.reset();
      bench.produce(client, rate, seconds, "run");
      boolean all = bench.awaitAll(Duration.ofSeconds(60));
      bench.report(rate, seconds, all);
    } finally {
      receiver.stop(0);
    }
    System.exit(0); // the receiver's and the producer's pools are not daemons
  }

  private HttpServer receiver(int port) throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
    server.createContext("/", this::receive);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
    return server;
  }

  private void receive(HttpExchange exchange) throws IOException {
    long now = System.currentTimeMillis();
    byte[] body = exchange.getRequestBody().readAllBytes();
    String signature = exchange.getRequestHeaders().getFirst("X-Causality-Signature");
    String timestamp = exchange.getRequestHeaders().getFirst("X-Causality-Timestamp");
    if (!verifies(signature, timestamp, body)) {
      badSignatures.incrementAndGet();
    }
    if ("CHECKPOINT".equals(exchange.getRequestHeaders().getFirst("X-Causality-Event-Type"))) {
      checkpoints.incrementAndGet();
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
      return;
    }
    JsonNode event = Submissions.JSON.readTree(body);
    long written = Instant.parse(event.get("timestamp").asText()).toEpochMilli();
    if (lagMillis.putIfAbsent(event.get("coordinatorRequestId").asText(), now - written) != null) {
      duplicates.incrementAndGet();
    }
    exchange.sendResponseHeaders(204, -1);
    exchange.close();
  }

  private boolean verifies(String signature, String timestamp, byte[] body) {
    if (signature == null || timestamp == null) {
      return false;
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
      String expected = "t=" + timestamp + ",v1=" + HexFormat.of().formatHex(mac.doFinal(body));
      return MessageDigest.isEqual(
          expected.getBytes(StandardCharsets.US_ASCII),
          signature.getBytes(StandardCharsets.US_ASCII));
    } catch (java.security.GeneralSecurityException e) {
      return false;
    }
  }

  /** Submits at {@code rate} per second for {@code seconds}, from a fixed-rate schedule. */
  private void produce(CoordinatorClient client, int rate, int seconds, String prefix)
      throws InterruptedException {
    ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor();
    ExecutorService senders = Executors.newFixedThreadPool(16);
    AtomicInteger sent = new AtomicInteger();
    int total = rate * seconds;
    ticks.scheduleAtFixedRate(
        () -> {
          int n = sent.getAndIncrement();
          if (n < total) {
            senders.execute(() -> submit(client, prefix + "-" + n));
          }
        },
        0,
        1_000_000L / rate,
        TimeUnit.MICROSECONDS);
    while (sent.get() < total) {
      Thread.sleep(50);
    }
    ticks.shutdownNow();
    senders.shutdown();
    senders.awaitTermination(30, TimeUnit.SECONDS);
  }

  private void submit(CoordinatorClient client, String actor) {
    long start = System.nanoTime();
    client
        .submit(Submissions.submission("lag-" + actor))
        .body()
        .ifPresentOrElse(
            response -> submitted.add(response.coordinatorRequestId()), refused::incrementAndGet);
    submitMillis.add((System.nanoTime() - start) / 1_000_000);
  }

  private boolean awaitAll(Duration limit) throws InterruptedException {
    long end = System.nanoTime() + limit.toNanos();
    while (!lagMillis.keySet().containsAll(submitted)) {
      if (System.nanoTime() > end) {
        return false;
      }
      Thread.sleep(50);
    }
    return true;
  }

  private void reset() {
    lagMillis.clear();
    submitted.clear();
    duplicates.set(0);
    badSignatures.set(0);
    checkpoints.set(0);
    refused.set(0);
    submitMillis.clear();
  }

  private void report(int rate, int seconds, boolean all) {
    List<Long> lags = new ArrayList<>();
    submitted.forEach(id -> Optional.ofNullable(lagMillis.get(id)).ifPresent(lags::add));
    lags.sort(null);
    System.out.printf(
        Locale.ROOT,
        "webhook delivery lag at %d events/s for %d s: p50 %d ms, p99 %d ms, max %d ms"
            + " (%d events, %d delivered, %d not delivered within 60 s, %d duplicates,"
            + " %d bad signatures, %d submissions refused, %d checkpoints)%n",
        rate,
        seconds,
        percentile(lags, 0.50),
        percentile(lags, 0.99),
        lags.isEmpty() ? -1 : lags.get(lags.size() - 1),
        submitted.size(),
        lags.size(),
        all ? 0 : submitted.size() - lags.size(),
        duplicates.get(),
        badSignatures.get(),
        refused.get(),
        checkpoints.get());
    List<Long> submits = new ArrayList<>(submitMillis);
    submits.sort(null);
    System.out.printf(
        Locale.ROOT,
        "submission (the event's commit) over HTTP: p50 %d ms, p99 %d ms%n",
        percentile(submits, 0.50),
        percentile(submits, 0.99));
  }

  private static long percentile(List<Long> sorted, double p) {
    return sorted.isEmpty() ? -1 : sorted.get(Math.max(0, (int) Math.ceil(p * sorted.size()) - 1));
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new ConcurrentHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      options.put(args[i], args[i + 1]);
    }
    for (String required : List.of("--url", "--receiver-port", "--secret")) {
      if (!options.containsKey(required)) {
        throw new IllegalArgumentException("missing " + required);
      }
    }
    return options;
  }
}
