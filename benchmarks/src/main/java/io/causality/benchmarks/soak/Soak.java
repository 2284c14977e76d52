package io.causality.benchmarks.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A bounded soak of one running service at a steady request rate (ops/soak runs it; see
 * docs/reliability.md). A fixed-rate scheduler starts one request per period on a pool of its own,
 * so the rate holds whatever the latency; at most MAX_IN_FLIGHT requests are outstanding, a start
 * beyond that is counted as skipped. Every SAMPLE_SECONDS the admin port's /metrics (heap used,
 * threads) and /proc/PID/fd (open files) are sampled. After the warm-up and at the end the driver
 * asks for a full GC (admin task) and reads the heap after it, which is what a leak moves. Prints a
 * Markdown table and a verdict.
 *
 * <p>Run from the benchmarks jar (built by the benchmarks module): {@code java -cp
 * benchmarks/target/benchmarks.jar io.causality.benchmarks.soak.Soak sim BASE ADMIN PID RATE
 * SECONDS KEY}.
 */
public final class Soak {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_IN_FLIGHT = 256;
  private static final int SAMPLE_SECONDS = 5;
  private static final int WARM_UP_SECONDS = 30;

  private final String service;
  private final String base;
  private final String admin;
  private final String adminToken;
  private final long pid;
  private final SoakCalls calls;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  // The exchanges block (the coordinator's client is synchronous); at most MAX_IN_FLIGHT at once.
  private final ExecutorService exchanges = Executors.newFixedThreadPool(MAX_IN_FLIGHT);
  private final AtomicInteger inFlight = new AtomicInteger();
  private final LongAdder skipped = new LongAdder();
  private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
  private final java.util.Queue<Long> latencies =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final List<Sample> samples = new CopyOnWriteArrayList<>();

  private Soak(
      String service, String base, String admin, String adminToken, long pid, String apiKey) {
    this.service = service;
    this.base = base;
    this.admin = admin;
    this.adminToken = adminToken;
    this.pid = pid;
    this.calls = new SoakCalls(service.equals("sim"), base, apiKey);
  }

  public static void main(String[] args) throws Exception {
    Soak soak =
        new Soak(
            args[0],
            args[1],
            args[2],
            System.getenv().getOrDefault("SOAK_ADMIN_TOKEN", ""),
            Long.parseLong(args[3]),
            args.length > 6 ? args[6] : "");
    soak.run(Integer.parseInt(args[4]), Integer.parseInt(args[5]));
  }

  private record Sample(long second, long heapUsed, long threads, long openFiles) {}

  private void run(int rate, int seconds) throws Exception {
    ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
    long periodMicros = 1_000_000L / rate;
    Instant start = Instant.now();
    scheduler.scheduleAtFixedRate(this::fire, 0, periodMicros, TimeUnit.MICROSECONDS);
    scheduler.scheduleAtFixedRate(() -> sample(start), 0, SAMPLE_SECONDS, TimeUnit.SECONDS);
    Thread.sleep(WARM_UP_SECONDS * 1000L);
    long heapAfterWarmUp = heapAfterGc();
    Thread.sleep((seconds - WARM_UP_SECONDS) * 1000L);
    scheduler.shutdown();
    scheduler.awaitTermination(10, TimeUnit.SECONDS);
    while (inFlight.get() > 0) {
      Thread.sleep(100);
    }
    exchanges.shutdown();
    sample(start);
    long heapAtEnd = heapAfterGc();
    report(rate, seconds, heapAfterWarmUp, heapAtEnd);
  }

  // ---- the load

  private void fire() {
    if (inFlight.get() >= MAX_IN_FLIGHT) {
      skipped.increment();
      return;
    }
    SoakCalls.Call call = calls.next();
    inFlight.incrementAndGet();
    long begin = System.nanoTime();
    exchanges.execute(
        () -> {
          String outcome = outcome(call);
          inFlight.decrementAndGet();
          latencies.add((System.nanoTime() - begin) / 1_000);
          outcomes.computeIfAbsent(outcome, k -> new LongAdder()).increment();
        });
  }

  /** {@code <name> <status>}, or {@code error <what>} when there was no answer. */
  private static String outcome(SoakCalls.Call call) {
    try {
      int status = call.exchange().status();
      return status == 0 ? "error unavailable" : call.name() + " " + status;
    } catch (IOException | RuntimeException e) {
      return "error " + e.getClass().getSimpleName();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "error interrupted";
    }
  }

  // ---- the samples

  private void sample(Instant start) {
    try {
      JsonNode gauges =
          read(http.send(adminRequest("/metrics").build(), HttpResponse.BodyHandlers.ofString())
                  .body())
              .get("gauges");
      long heap = gauges.get("jvm.memory.heap.used").get("value").asLong();
      long threads = gauges.get("jvm.threads.count").get("value").asLong();
      long files;
      try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
        files = fds.count();
      }
      samples.add(
          new Sample(Duration.between(start, Instant.now()).toSeconds(), heap, threads, files));
    } catch (IOException | RuntimeException e) {
      System.err.println("sample failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A request to the admin port, with its bearer token (docs/operations.md, "The admin port"). */
  private HttpRequest.Builder adminRequest(String path) {
    return HttpRequest.newBuilder(URI.create(admin + path))
        .header("Authorization", "Bearer " + adminToken);
  }

  /** Asks the service for a full GC (admin task) and answers the heap used after it. */
  private long heapAfterGc() throws Exception {
    http.send(
        adminRequest("/tasks/gc").POST(HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.discarding());
    Thread.sleep(1_000);
    return read(http.send(adminRequest("/metrics").build(), HttpResponse.BodyHandlers.ofString())
            .body())
        .get("gauges")
        .get("jvm.memory.heap.used")
        .get("value")
        .asLong();
  }

  private void report(int rate, int seconds, long heapStart, long heapEnd) {
    long total = outcomes.values().stream().mapToLong(LongAdder::sum).sum();
    long failures =
        outcomes.entrySet().stream()
            .filter(e -> e.getKey().startsWith("error") || !e.getKey().matches(".* 2\\d\\d"))
            .mapToLong(e -> e.getValue().sum())
            .sum();
    List<Long> sorted = new ArrayList<>(latencies);
    sorted.sort(Long::compare);
    System.out.printf(
        "%s: %d requests in %d s at %d/s asked (%.1f/s done), %d not 2xx,"
            + " %d skipped (in flight at the cap); latency p50 %.1f ms, p99 %.1f ms%n",
        service,
        total,
        seconds,
        rate,
        total / (double) seconds,
        failures,
        skipped.sum(),
        percentile(sorted, 0.50) / 1000.0,
        percentile(sorted, 0.99) / 1000.0);
    System.out.println("outcomes: " + new java.util.TreeMap<>(outcomes));
    Sample first =
        samples.stream()
            .filter(s -> s.second >= WARM_UP_SECONDS)
            .findFirst()
            .orElse(samples.get(0));
    Sample last = samples.get(samples.size() - 1);
    long maxHeap = samples.stream().mapToLong(Sample::heapUsed).max().orElse(0);
    long maxThreads = samples.stream().mapToLong(Sample::threads).max().orElse(0);
    long maxFiles = samples.stream().mapToLong(Sample::openFiles).max().orElse(0);
    boolean heapFlat = heapEnd <= heapStart * 1.2 || heapEnd - heapStart < 16L << 20;
    boolean threadsFlat = last.threads - first.threads <= 5;
    boolean filesFlat = last.openFiles - first.openFiles <= 10;
    System.out.println();
    System.out.println(
        "| measure | after warm-up (" + first.second + " s) | end | max | verdict |");
    System.out.println("|---|---|---|---|---|");
    System.out.printf(
        "| heap used after a full GC (MiB) | %.1f | %.1f | | %s |%n",
        mib(heapStart), mib(heapEnd), heapFlat ? "flat" : "GROWS");
    System.out.printf(
        "| heap used, sampled (MiB) | %.1f | %.1f | %.1f | (sawtooth of the GC) |%n",
        mib(first.heapUsed), mib(last.heapUsed), mib(maxHeap));
    System.out.printf(
        "| JVM threads | %d | %d | %d | %s |%n",
        first.threads, last.threads, maxThreads, threadsFlat ? "flat" : "GROWS");
    System.out.printf(
        "| open file descriptors | %d | %d | %d | %s |%n",
        first.openFiles, last.openFiles, maxFiles, filesFlat ? "flat" : "GROWS");
    System.out.println();
    System.out.println("verdict: " + (heapFlat && threadsFlat && filesFlat ? "FLAT" : "GROWS"));
    System.out.println("samples (s, heap MiB, threads, fds):");
    for (Sample s : samples) {
      System.out.printf("  %d %.1f %d %d%n", s.second, mib(s.heapUsed), s.threads, s.openFiles);
    }
  }

  private static long percentile(List<Long> sorted, double p) {
    return sorted.isEmpty()
        ? 0
        : sorted.get((int) Math.min(sorted.size() - 1, Math.floor(p * sorted.size())));
  }

  private static double mib(long bytes) {
    return bytes / 1048576.0;
  }

  static JsonNode read(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
