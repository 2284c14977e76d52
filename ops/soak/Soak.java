import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A bounded soak of one running service at a steady request rate (ops/soak runs it; see
 * docs/reliability.md). A fixed-rate scheduler starts one request per period, asynchronously,
 * so the rate holds whatever the latency; at most MAX_IN_FLIGHT requests are outstanding, a
 * start beyond that is counted as skipped. Every SAMPLE_SECONDS the admin port's /metrics
 * (heap used, threads) and /proc/PID/fd (open files) are sampled. After the warm-up and at the
 * end the driver asks for a full GC (admin task) and reads the heap after it, which is what a
 * leak moves. Prints a Markdown table and a verdict.
 *
 * <p>Run with the service's jar on the class path (for Jackson):
 * {@code java -cp sim-server.jar ops/soak/Soak.java sim BASE ADMIN PID RATE SECONDS KEY}.
 */
public final class Soak {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int MAX_IN_FLIGHT = 256;
  private static final int SAMPLE_SECONDS = 5;
  private static final int WARM_UP_SECONDS = 30;
  private static final int MAX_TICKS_PER_SIMULATION = 100;

  private final String service;
  private final String base;
  private final String admin;
  private final long pid;
  private final String apiKey;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private final Random random = new Random(42);
  private final AtomicInteger inFlight = new AtomicInteger();
  private final LongAdder skipped = new LongAdder();
  private final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();
  private final java.util.Queue<Long> latencies = new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final List<Sample> samples = new CopyOnWriteArrayList<>();
  // sim-server: simulations with their ticks so far
  private final Map<String, AtomicLong> simulations = new ConcurrentHashMap<>();
  // coordinator: pending request ids, and approved tokens waiting for redemption
  private final ConcurrentLinkedDeque<String> pending = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<String> submitted = new ConcurrentLinkedDeque<>();
  private final ConcurrentLinkedDeque<JsonNode> tokens = new ConcurrentLinkedDeque<>();

  private Soak(String service, String base, String admin, long pid, String apiKey) {
    this.service = service;
    this.base = base;
    this.admin = admin;
    this.pid = pid;
    this.apiKey = apiKey;
  }

  public static void main(String[] args) throws Exception {
    Soak soak = new Soak(args[0], args[1], args[2], Long.parseLong(args[3]),
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
    Call call;
    synchronized (random) {
      call = service.equals("sim") ? nextSimCall(random.nextInt(100))
          : nextCoordinatorCall(random.nextInt(100));
    }
    inFlight.incrementAndGet();
    long begin = System.nanoTime();
    http.sendAsync(call.request, HttpResponse.BodyHandlers.ofString())
        .whenComplete((response, failure) -> {
          inFlight.decrementAndGet();
          latencies.add((System.nanoTime() - begin) / 1_000);
          String outcome = failure != null ? "error " + failure.getClass().getSimpleName()
              : call.name + " " + response.statusCode();
          outcomes.computeIfAbsent(outcome, k -> new LongAdder()).increment();
          if (failure == null && response.statusCode() / 100 == 2) {
            call.onSuccess.accept(response.body());
          }
        });
  }

  private record Call(String name, HttpRequest request,
      java.util.function.Consumer<String> onSuccess) {}

  /** sim-server: 10% create, 35% step, 10% decree, 30% get, 5% trace, 10% decree list. */
  private Call nextSimCall(int dice) {
    String id = anySimulation();
    if (dice < 10 || id == null) {
      return new Call("create", post("/v1/simulations", "{\"scenarioId\":\"chaos-storm\"}"),
          body -> simulations.put(read(body).get("id").asText(), new AtomicLong()));
    }
    if (dice < 45) {
      AtomicLong ticks = simulations.get(id);
      if (ticks.get() >= MAX_TICKS_PER_SIMULATION) {
        simulations.remove(id); // bounded traces: a finished simulation is only read
        return new Call("get", get("/v1/simulations/" + id), body -> { });
      }
      return new Call("step", post("/v1/simulations/" + id + "/step", "{\"ticks\":10}"),
          body -> ticks.addAndGet(10));
    }
    if (dice < 55) {
      return new Call("decree", post("/v1/simulations/" + id + "/decrees",
          "{\"type\":\"shock\",\"payload\":{\"magnitude\":1.5}}"), body -> { });
    }
    if (dice < 85) {
      return new Call("get", get("/v1/simulations/" + id), body -> { });
    }
    if (dice < 90 && simulations.get(id).get() > 0) {
      return new Call("trace", get("/v1/simulations/" + id + "/trace"), body -> { });
    }
    return new Call("decrees", get("/v1/simulations/" + id + "/decrees"), body -> { });
  }

  private String anySimulation() {
    List<String> ids = new ArrayList<>(simulations.keySet());
    return ids.isEmpty() ? null : ids.get(random.nextInt(ids.size()));
  }

  /**
   * The coordinator: 30% submit, 25% approve (5% deny) the oldest pending, 25% redeem the
   * oldest token, 10% get, 5% list pending.
   */
  private Call nextCoordinatorCall(int dice) {
    if (dice < 30 || pending.isEmpty() && tokens.isEmpty()) {
      return new Call("submit", post("/v1/override-requests", submission().toString()),
          body -> {
            String id = read(body).get("coordinatorRequestId").asText();
            pending.add(id);
            submitted.add(id);
            while (submitted.size() > 1000) {
              submitted.poll();
            }
          });
    }
    if (dice < 60 && !pending.isEmpty()) {
      String id = pending.poll();
      boolean deny = dice >= 55;
      return new Call(deny ? "deny" : "approve", post("/v1/override-requests/" + id
              + (deny ? "/deny" : "/approve"), "{\"keyId\":\"ops-1\"}"),
          body -> {
            if (!deny) {
              tokens.add(read(body));
            }
          });
    }
    if (dice < 85 && !tokens.isEmpty()) {
      return new Call("redeem", post("/v1/override-tokens/redeem", redemption(tokens.poll())),
          body -> { });
    }
    if (dice < 95 && !submitted.isEmpty()) {
      return new Call("get", get("/v1/override-requests/" + submitted.peekLast()), body -> { });
    }
    return new Call("list", get("/v1/override-requests?status=pending"), body -> { });
  }

  private static ObjectNode submission() {
    String actor = "soak-" + UUID.randomUUID();
    ObjectNode body = JSON.createObjectNode();
    ObjectNode request = body.putObject("evaluationRequest")
        .put("envelopeVersion", 1).put("requestId", "req-" + actor).put("actorId", actor);
    request.putObject("snapshot").put("timestamp", "2026-01-31T12:00:00Z")
        .putObject("metrics").put("gamma", 0.21);
    ObjectNode response = body.putObject("evaluationResponse")
        .put("envelopeVersion", 1).put("requestId", "req-" + actor)
        .put("decision", "REJECT_STATE").put("reasonCode", "GAMMA_BELOW_FLOOR")
        .put("mode", "state_gate").put("policyVersion", 1).put("adapterVersion", 1);
    response.putObject("escalation").put("escalationType", "HUMAN_ESCALATION")
        .put("gammaHeadroom", -0.14).put("stepsToBreach", 0);
    body.put("licenseId", "lic-soak").put("source", "soak");
    return body;
  }

  private static String redemption(JsonNode token) {
    JsonNode payload = read(token.get("payload").asText());
    return JSON.createObjectNode().put("tokenId", token.get("tokenId").asText())
        .put("requestHash", payload.get("requestHash").asText())
        .put("policyVersion", payload.get("policyVersion").asLong())
        .put("licenseId", payload.get("licenseId").asText())
        .put("actorId", payload.get("actorId").asText()).toString();
  }

  private HttpRequest post(String path, String body) {
    return request(path).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
  }

  private HttpRequest get(String path) {
    return request(path).GET().build();
  }

  private HttpRequest.Builder request(String path) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path))
        .timeout(Duration.ofSeconds(30));
    if (!apiKey.isEmpty()) {
      builder.header("X-Api-Key", apiKey);
    }
    return builder;
  }

  // ---- the samples

  private void sample(Instant start) {
    try {
      JsonNode gauges = read(http.send(HttpRequest.newBuilder(URI.create(admin + "/metrics"))
          .build(), HttpResponse.BodyHandlers.ofString()).body()).get("gauges");
      long heap = gauges.get("jvm.memory.heap.used").get("value").asLong();
      long threads = gauges.get("jvm.threads.count").get("value").asLong();
      long files;
      try (var fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
        files = fds.count();
      }
      samples.add(new Sample(Duration.between(start, Instant.now()).toSeconds(), heap, threads,
          files));
    } catch (IOException | RuntimeException e) {
      System.err.println("sample failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Asks the service for a full GC (admin task) and answers the heap used after it. */
  private long heapAfterGc() throws Exception {
    http.send(HttpRequest.newBuilder(URI.create(admin + "/tasks/gc"))
        .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
    Thread.sleep(1_000);
    return read(http.send(HttpRequest.newBuilder(URI.create(admin + "/metrics")).build(),
        HttpResponse.BodyHandlers.ofString()).body())
        .get("gauges").get("jvm.memory.heap.used").get("value").asLong();
  }

  private void report(int rate, int seconds, long heapStart, long heapEnd) {
    long total = outcomes.values().stream().mapToLong(LongAdder::sum).sum();
    long failures = outcomes.entrySet().stream()
        .filter(e -> e.getKey().startsWith("error") || !e.getKey().matches(".* 2\\d\\d"))
        .mapToLong(e -> e.getValue().sum()).sum();
    List<Long> sorted = new ArrayList<>(latencies);
    sorted.sort(Long::compare);
    System.out.printf("%s: %d requests in %d s at %d/s asked (%.1f/s done), %d not 2xx,"
            + " %d skipped (in flight at the cap); latency p50 %.1f ms, p99 %.1f ms%n",
        service, total, seconds, rate, total / (double) seconds, failures, skipped.sum(),
        percentile(sorted, 0.50) / 1000.0, percentile(sorted, 0.99) / 1000.0);
    System.out.println("outcomes: " + new java.util.TreeMap<>(outcomes));
    Sample first = samples.stream().filter(s -> s.second >= WARM_UP_SECONDS).findFirst()
        .orElse(samples.get(0));
    Sample last = samples.get(samples.size() - 1);
    long maxHeap = samples.stream().mapToLong(Sample::heapUsed).max().orElse(0);
    long maxThreads = samples.stream().mapToLong(Sample::threads).max().orElse(0);
    long maxFiles = samples.stream().mapToLong(Sample::openFiles).max().orElse(0);
    boolean heapFlat = heapEnd <= heapStart * 1.2 || heapEnd - heapStart < 16L << 20;
    boolean threadsFlat = last.threads - first.threads <= 5;
    boolean filesFlat = last.openFiles - first.openFiles <= 10;
    System.out.println();
    System.out.println("| measure | after warm-up (" + first.second + " s) | end | max | verdict |");
    System.out.println("|---|---|---|---|---|");
    System.out.printf("| heap used after a full GC (MiB) | %.1f | %.1f | | %s |%n",
        mib(heapStart), mib(heapEnd), heapFlat ? "flat" : "GROWS");
    System.out.printf("| heap used, sampled (MiB) | %.1f | %.1f | %.1f | (sawtooth of the GC) |%n",
        mib(first.heapUsed), mib(last.heapUsed), mib(maxHeap));
    System.out.printf("| JVM threads | %d | %d | %d | %s |%n", first.threads, last.threads,
        maxThreads, threadsFlat ? "flat" : "GROWS");
    System.out.printf("| open file descriptors | %d | %d | %d | %s |%n", first.openFiles,
        last.openFiles, maxFiles, filesFlat ? "flat" : "GROWS");
    System.out.println();
    System.out.println("verdict: " + (heapFlat && threadsFlat && filesFlat ? "FLAT" : "GROWS"));
    System.out.println("samples (s, heap MiB, threads, fds):");
    for (Sample s : samples) {
      System.out.printf("  %d %.1f %d %d%n", s.second, mib(s.heapUsed), s.threads, s.openFiles);
    }
  }

  private static long percentile(List<Long> sorted, double p) {
    return sorted.isEmpty() ? 0 : sorted.get((int) Math.min(sorted.size() - 1,
        Math.floor(p * sorted.size())));
  }

  private static double mib(long bytes) {
    return bytes / 1048576.0;
  }

  private static JsonNode read(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
