package io.causality.sim.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What scraping {@code /prometheus} every second costs sim-server (docs/performance.md,
 * "Monitoring"): with {@code --simulations} stored simulations and {@code --streams} open event
 * streams, the server's CPU time over {@code --seconds} without scraping, then over as long while
 * scraping once a second, then without again (so that a drift of the machine shows). The CPU time
 * is the server process's own ({@code /proc/PID/stat}, user plus system), in percent of one core.
 * Run through {@code ops/bench/scrape}, which starts the server and passes its pid.
 *
 * <p>Arguments: {@code API_URL ADMIN_URL API_KEY SERVER_PID [--simulations N] [--streams S]
 * [--seconds T] [--clock-ticks HZ]}; the admin port's bearer token in {@code SCRAPE_ADMIN_TOKEN}
 * (an environment variable, so that it is not in the process list), as Prometheus presents it.
 */
public final class ScrapeCostBench {
  private static final String SCENARIO =
      """
      {"scenario": {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}}
      """;
  private static final Pattern ID = Pattern.compile("\"id\":\"([^\"]+)\"");

  private static String adminToken = "";

  private ScrapeCostBench() {}

  public static void main(String[] args) throws Exception {
    String api = args[0];
    String admin = args[1];
    String key = args[2];
    long pid = Long.parseLong(args[3]);
    Map<String, String> options = options(args);
    int simulations = Integer.parseInt(options.getOrDefault("--simulations", "10000"));
    int streams = Integer.parseInt(options.getOrDefault("--streams", "100"));
    int seconds = Integer.parseInt(options.getOrDefault("--seconds", "60"));
    long clockTicks = Long.parseLong(options.getOrDefault("--clock-ticks", "100"));
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    adminToken = System.getenv().getOrDefault("SCRAPE_ADMIN_TOKEN", "");

    long started = System.nanoTime();
    List<String> ids = create(http, api, key, simulations);
    System.out.printf(
        "created %d simulations in %.1f s%n", ids.size(), (System.nanoTime() - started) / 1e9);
    List<InputStream> open = openStreams(http, api, key, ids.get(0), streams);
    System.out.printf("opened %d event streams on simulation %s%n", open.size(), ids.get(0));
    // Let the JIT and the caches settle before measuring anything.
    scrapeFor(http, admin, 10);

    Cpu cpu = new Cpu(pid, clockTicks);
    double before = cpu.percentOver(seconds, () -> idle(seconds));
    AtomicLong bytes = new AtomicLong();
    AtomicLong scrapes = new AtomicLong();
    double scraping =
        cpu.percentOver(seconds, () -> scrapeEachSecond(http, admin, seconds, bytes, scrapes));
    double after = cpu.percentOver(seconds, () -> idle(seconds));
    double baseline = (before + after) / 2;
    System.out.printf(
        "server CPU without scraping: %.2f %% of a core (before %.2f, after %.2f)%n",
        baseline, before, after);
    System.out.printf(
        "server CPU scraping every second: %.2f %% of a core (%d scrapes, %d bytes each)%n",
        scraping, scrapes.get(), scrapes.get() == 0 ? 0 : bytes.get() / scrapes.get());
    System.out.printf(
        "cost of scraping: %.2f %% of a core (target: below 1 %%)%n", scraping - baseline);
    for (InputStream stream : open) {
      stream.close();
    }
  }

  /** The process's CPU time from /proc, as a percentage of one core over a timed action. */
  private record Cpu(long pid, long clockTicks) {
    double percentOver(int seconds, Action action) throws Exception {
      long cpuBefore = ticks();
      long wallBefore = System.nanoTime();
      action.run();
      double cpuSeconds = (ticks() - cpuBefore) / (double) clockTicks;
      double wallSeconds = (System.nanoTime() - wallBefore) / 1e9;
      return 100 * cpuSeconds / wallSeconds;
    }

    private long ticks() throws IOException {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      // Fields after the command name, which is in parentheses and may hold spaces.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
  }

  @FunctionalInterface
  private interface Action {
    void run() throws Exception;
  }

  private static void idle(int seconds) throws InterruptedException {
    TimeUnit.SECONDS.sleep(seconds);
  }

  private static void scrapeFor(HttpClient http, String admin, int seconds) throws Exception {
    scrapeEachSecond(http, admin, seconds, new AtomicLong(), new AtomicLong());
  }

  /** GET /prometheus once a second, on the second, reading each body whole. */
  private static void scrapeEachSecond(
      HttpClient http, String admin, int seconds, AtomicLong bytes, AtomicLong scrapes)
      throws Exception {
    long next = System.nanoTime();
    for (int k = 0; k < seconds; k++) {
      HttpResponse<byte[]> response =
          http.send(
              HttpRequest.newBuilder(URI.create(admin + "/prometheus"))
                  .header("Authorization", "Bearer " + adminToken)
                  .build(),
              HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("/prometheus answered " + response.statusCode());
      }
      bytes.addAndGet(response.body().length);
      scrapes.incrementAndGet();
      next += TimeUnit.SECONDS.toNanos(1);
      long wait = next - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
    }
  }

  private static List<String> create(HttpClient http, String api, String key, int count)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<String>> created = new ArrayList<>();
      for (int k = 0; k < count; k++) {
        created.add(pool.submit(() -> createOne(http, api, key)));
      }
      List<String> ids = new ArrayList<>();
      for (Future<String> id : created) {
        ids.add(id.get());
      }
      return ids;
    } finally {
      pool.shutdownNow();
    }
  }

  private static String createOne(HttpClient http, String api, String key) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(api + "/v1/simulations"))
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(SCENARIO))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw new IllegalStateException("create: " + response.statusCode() + " " + response.body());
    }
    Matcher id = ID.matcher(response.body());
    if (!id.find()) {
      throw new IllegalStateException("create: no id in " + response.body());
    }
    return id.group(1);
  }

  /** Streams that stay open (heartbeats only: the simulation does not play), read by nobody. */
  private static List<InputStream> openStreams(
      HttpClient http, String api, String key, String id, int count) throws Exception {
    List<InputStream> streams = new ArrayList<>();
    for (int k = 0; k < count; k++) {
      HttpResponse<InputStream> response =
          http.send(
              HttpRequest.newBuilder(URI.create(api + "/v1/simulations/" + id + "/events"))
                  .header("X-Api-Key", key)
                  .header("Accept", "text/event-stream")
                  .build(),
              HttpResponse.BodyHandlers.ofInputStream());
      if (response.statusCode() != 200) {
        throw new IllegalStateException(
            "stream "
                + k
                + " refused: "
                + response.statusCode()
                + " "
                + new String(response.body().readAllBytes(), StandardCharsets.UTF_8));
      }
      streams.add(response.body());
    }
    return streams;
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new HashMap<>();
    for (int k = 4; k + 1 < args.length; k += 2) {
      options.put(args[k], args[k + 1]);
    }
    return options;
  }
}
