package io.causality.sim.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
 * streams, the server's CPU time over five phases of {@code --seconds}, without scraping and
 * scraping once a second in turn (so that a drift of the machine falls on both alike), then the CPU
 * per scrape of 300 back-to-back scrapes, less the quiet rate over their time. The CPU time is the
 * server process's own ({@code /proc/PID/stat}, user plus system), in percent of one core. Run
 * through {@code ops/bench/scrape}, which starts the server and passes its pid.
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
    // Let the JIT, the caches and the collector settle after the creates before measuring: the
    // first minute after 10,000 creates still costs the server several % of a core of its own.
    scrapeFor(http, admin, 10);
    idle(seconds / 2);

    Cpu all = new Cpu(pid, clockTicks, false);
    Cpu withoutJit = new Cpu(pid, clockTicks, true);
    AtomicLong bytes = new AtomicLong();
    AtomicLong scrapes = new AtomicLong();
    // Phases alternate (off, on, off, on, off), so that a drift of the machine or of the server
    // falls on both sides alike; the cost is the mean of the scraping phases less the mean of the
    // others. Each phase is read twice: the whole process, and without the JIT's compiler
    // threads, whose bursts (compiling a path that ran a few times more) are not the scrapes'.
    List<double[]> quiet = new ArrayList<>();
    List<double[]> scraping = new ArrayList<>();
    for (int phase = 0; phase < 5; phase++) {
      if (phase % 2 == 0) {
        quiet.add(percentOver(all, withoutJit, () -> idle(seconds)));
      } else {
        scraping.add(
            percentOver(
                all, withoutJit, () -> scrapeEachSecond(http, admin, seconds, bytes, scrapes)));
      }
    }
    double[] baseline = report(quiet, scraping, scrapes.get(), bytes.get());
    // The same cost seen per scrape: back-to-back scrapes, whose CPU less the quiet rate over
    // their time is what each scrape adds; at one a second, ms per scrape / 10 is % of a core.
    int burst = 300;
    long startAll = all.ticks();
    long startWithoutJit = withoutJit.ticks();
    long startWall = System.nanoTime();
    for (int k = 0; k < burst; k++) {
      scrapeOnce(http, admin);
    }
    double wall = (System.nanoTime() - startWall) / 1e9;
    double perScrapeMs = perScrape(all.ticks() - startAll, clockTicks, baseline[0], wall, burst);
    double perScrapeWithoutJitMs =
        perScrape(withoutJit.ticks() - startWithoutJit, clockTicks, baseline[1], wall, burst);
    System.out.printf(
        "CPU per scrape, %d back to back: %.2f ms (at one a second: %.2f %% of a core); without"
            + " the JIT's threads %.2f ms (%.2f %%)%n",
        burst, perScrapeMs, perScrapeMs / 10, perScrapeWithoutJitMs, perScrapeWithoutJitMs / 10);
    for (InputStream stream : open) {
      stream.close();
    }
  }

  private static double perScrape(
      long ticks, long clockTicks, double quietPercent, double wallSeconds, int scrapes) {
    return 1000 * (ticks / (double) clockTicks - quietPercent / 100 * wallSeconds) / scrapes;
  }

  /** Prints the phases; returns the quiet phases' mean, the whole process's and without the JIT. */
  private static double[] report(
      List<double[]> quiet, List<double[]> scraping, long scrapes, long bytes) {
    double[] baseline = new double[2];
    for (int k = 0; k < 2; k++) {
      String which = k == 0 ? "" : " (without the JIT's threads)";
      baseline[k] = mean(column(quiet, k));
      double scraped = mean(column(scraping, k));
      System.out.printf(
          "server CPU without scraping%s: %.2f %% of a core (phases %s)%n",
          which, baseline[k], column(quiet, k));
      System.out.printf(
          "server CPU scraping every second%s: %.2f %% of a core (phases %s; %d scrapes, %d"
              + " bytes each)%n",
          which, scraped, column(scraping, k), scrapes, scrapes == 0 ? 0 : bytes / scrapes);
      System.out.printf(
          "cost of scraping%s: %.2f %% of a core (target: below 1 %%)%n",
          which, scraped - baseline[k]);
    }
    return baseline;
  }

  private static List<Double> column(List<double[]> phases, int k) {
    List<Double> values = new ArrayList<>();
    for (double[] phase : phases) {
      values.add(phase[k]);
    }
    return values;
  }

  /** Both readings over one timed action, each in percent of one core. */
  private static double[] percentOver(Cpu all, Cpu withoutJit, Action action) throws Exception {
    long allBefore = all.ticks();
    long withoutJitBefore = withoutJit.ticks();
    long wallBefore = System.nanoTime();
    action.run();
    double wallSeconds = (System.nanoTime() - wallBefore) / 1e9;
    return new double[] {
      all.percent(all.ticks() - allBefore, wallSeconds),
      withoutJit.percent(withoutJit.ticks() - withoutJitBefore, wallSeconds)
    };
  }

  /**
   * The process's CPU time from /proc (user plus system): the whole process, or the sum of its
   * threads but the JIT's compiler threads ({@code C1/C2 CompilerThread}, whose names Linux cuts to
   * {@code C2 CompilerThre}).
   */
  private record Cpu(long pid, long clockTicks, boolean withoutJit) {
    double percent(long ticks, double wallSeconds) {
      return Math.round(10_000 * ticks / (double) clockTicks / wallSeconds) / 100.0;
    }

    long ticks() throws IOException {
      if (!withoutJit) {
        return ticksOf(Path.of("/proc/" + pid + "/stat"));
      }
      long total = 0;
      try (DirectoryStream<Path> threads =
          Files.newDirectoryStream(Path.of("/proc/" + pid, "task"))) {
        for (Path thread : threads) {
          try {
            if (!Files.readString(thread.resolve("comm"))
                .contains(WorkerCpu.COMPILER_THREAD_NAME)) {
              total += ticksOf(thread.resolve("stat"));
            }
          } catch (NoSuchFileException e) {
            // a thread that ended as it was listed
          }
        }
      }
      return total;
    }

    private static long ticksOf(Path stat) throws IOException {
      String text = Files.readString(stat);
      // Fields after the command name, which is in parentheses and may hold spaces.
      String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
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
      bytes.addAndGet(scrapeOnce(http, admin));
      scrapes.incrementAndGet();
      next += TimeUnit.SECONDS.toNanos(1);
      long wait = next - System.nanoTime();
      if (wait > 0) {
        TimeUnit.NANOSECONDS.sleep(wait);
      }
    }
  }

  /** One GET /prometheus read whole; its size in bytes. */
  private static int scrapeOnce(HttpClient http, String admin) throws Exception {
    HttpResponse<byte[]> response =
        http.send(
            HttpRequest.newBuilder(URI.create(admin + "/prometheus"))
                .header("Authorization", "Bearer " + adminToken)
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IllegalStateException("/prometheus answered " + response.statusCode());
    }
    return response.body().length;
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
