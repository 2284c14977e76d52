package io.causality.sim.benchmarks;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load benchmark of the event streams (docs/performance.md, "Events"): N clients stream one
 * simulation that plays at base rate x speed ticks per second. Run by ops/bench/events.sh;
 * standalone, from the benchmarks jar: java -cp benchmarks/target/benchmarks.jar
 * io.causality.sim.benchmarks.EventsBench URL API_KEY [--streams N] [--seconds S] [--speed X]
 * [--base-rate R] [--warmup W].
 *
 * <p>Lag of a tick event = the wall-clock time a client read it - the time the tick was due by the
 * play schedule: start + t / (base rate x speed), where start is the createdAt of the
 * simulation:status "running" event (the server and this program share the machine's clock). The
 * server stamps createdAt before the commit after which its player starts, so the lag is over-,
 * never under-estimated; it covers the batching, the computing, the commit, the fan-out and the
 * delivery. The lags of the ticks due in the first W seconds (default 5: the server's JIT compiling
 * its hot paths) are left out of the figures, not out of the check that nothing is lost. Spread =
 * the time a client read a tick - the time the first client read it, a lower bound of publication
 * to receipt. Nothing lost = every stream saw every event id in order, from the first to the last,
 * the same ids as every other stream.
 */
public final class EventsBench {
  private static final String SCENARIO =
      """
      {"scenario": {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"core": 1}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": 0.4},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}}
      """;

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    String url = args[0];
    String key = args[1];
    int streams = Integer.parseInt(options.getOrDefault("--streams", "100"));
    int seconds = Integer.parseInt(options.getOrDefault("--seconds", "30"));
    double speed = Double.parseDouble(options.getOrDefault("--speed", "10"));
    double baseRate = Double.parseDouble(options.getOrDefault("--base-rate", "100"));
    double warmup = Double.parseDouble(options.getOrDefault("--warmup", "5"));
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    String id = create(http, url, key);
    CountDownLatch done = new CountDownLatch(streams);
    List<StreamClient> clients = new ArrayList<>();
    for (int k = 0; k < streams; k++) {
      HttpResponse<InputStream> response =
          http.send(
              HttpRequest.newBuilder(URI.create(url + "/v1/simulations/" + id + "/events"))
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
      clients.add(new StreamClient(response, done));
    }
    double ticksPerNano = baseRate * speed / 1e9;
    long playSent = System.nanoTime();
    for (StreamClient client : clients) {
      client.ticksPerNano = ticksPerNano;
      Thread thread = new Thread(client, "stream");
      thread.setDaemon(true);
      thread.start();
    }
    control(http, url, key, id, "{\"action\":\"play\",\"speed\":" + speed + "}");
    Thread.sleep(seconds * 1000L);
    control(http, url, key, id, "{\"action\":\"pause\"}");
    long pausedAt = System.nanoTime();
    if (!done.await(60, TimeUnit.SECONDS)) {
      System.err.println("some streams did not see the pause within 60 s");
    }
    report(
        clients,
        streams,
        (pausedAt - playSent) / 1e9,
        baseRate * speed,
        (long) (warmup * baseRate * speed));
  }

  private static void report(
      List<StreamClient> clients, int streams, double elapsed, double rate, long warmupTicks) {
    long events = 0;
    long bytes = 0;
    long gaps = 0;
    long maxTicks = 0;
    for (StreamClient client : clients) {
      events += client.events;
      bytes += client.bytes;
      gaps += client.gaps;
      maxTicks = Math.max(maxTicks, client.ticks);
    }
    long[] lags = lags(clients, warmupTicks, maxTicks, false);
    long[] spreads = lags(clients, warmupTicks, maxTicks, true);
    boolean sameEnds =
        clients.stream()
            .allMatch(
                c ->
                    c.firstId != null
                        && c.firstId.equals(clients.get(0).firstId)
                        && c.lastId.equals(clients.get(0).lastId)
                        && c.events == clients.get(0).events);
    System.out.printf("streams                 %d%n", streams);
    System.out.printf("target rate             %.0f ticks/s%n", rate);
    System.out.printf(
        "played                  %.1f s, %d ticks (%.0f ticks/s)%n",
        elapsed, maxTicks, maxTicks / elapsed);
    System.out.printf(
        "events delivered        %d (%.0f events/s over all streams)%n", events, events / elapsed);
    System.out.printf(
        "bytes delivered         %.1f MB (%.1f MB/s)%n", bytes / 1e6, bytes / 1e6 / elapsed);
    System.out.printf(
        "lags measured           ticks %d to %d, %d receipts%n",
        warmupTicks, maxTicks - 1, lags.length);
    System.out.printf(
        "lag p50 / p99 / max     %.1f / %.1f / %.1f ms (after the schedule)%n",
        pct(lags, 0.50), pct(lags, 0.99), pct(lags, 1.0));
    System.out.printf(
        "spread p50 / p99 / max  %.1f / %.1f / %.1f ms (after the first stream)%n",
        pct(spreads, 0.50), pct(spreads, 0.99), pct(spreads, 1.0));
    System.out.printf(
        "ids                     first %s, last %s on every stream: %s%n",
        clients.get(0).firstId, clients.get(0).lastId, sameEnds);
    System.out.printf(
        "lost                    %s (gaps: %d)%n",
        gaps == 0 && sameEnds ? "nothing" : "EVENTS LOST", gaps);
  }

  /**
   * Every tick receipt of every stream, sorted: its lag after the schedule, or (spread) after the
   * first stream that received the same tick, which is no later than its publication.
   */
  private static long[] lags(
      List<StreamClient> clients, long fromTick, long ticks, boolean spread) {
    long[] first = new long[(int) ticks];
    Arrays.fill(first, Long.MAX_VALUE);
    for (StreamClient client : clients) {
      for (int t = 0; t < ticks && t < client.received.length; t++) {
        if (client.received[t] != 0) {
          first[t] = Math.min(first[t], client.received[t]);
        }
      }
    }
    long[] lags = new long[(int) ticks * clients.size()];
    int count = 0;
    for (StreamClient client : clients) {
      for (int t = (int) fromTick; t < ticks && t < client.received.length; t++) {
        if (client.received[t] != 0) {
          lags[count++] = client.received[t] - (spread ? first[t] : client.due(t));
        }
      }
    }
    lags = Arrays.copyOf(lags, count);
    Arrays.sort(lags);
    return lags;
  }

  private static double pct(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1e6;
  }

  private static String create(HttpClient http, String url, String key) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(url + "/v1/simulations"))
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(SCENARIO))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw new IllegalStateException("create: " + response.statusCode() + " " + response.body());
    }
    Matcher matcher = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(response.body());
    if (!matcher.find()) {
      throw new IllegalStateException("create: no id in " + response.body());
    }
    return matcher.group(1);
  }

  private static void control(HttpClient http, String url, String key, String id, String body)
      throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(url + "/v1/simulations/" + id + "/time-control"))
                .header("X-Api-Key", key)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException(
          "time-control: " + response.statusCode() + " " + response.body());
    }
  }

  private static Map<String, String> options(String[] args) {
    if (args.length < 2) {
      System.err.println(
          "usage: java EventsBench.java URL API_KEY [--streams N] "
              + "[--seconds S] [--speed X] [--base-rate R] [--warmup W]");
      System.exit(2);
    }
    Map<String, String> options = new HashMap<>();
    for (int k = 2; k + 1 < args.length; k += 2) {
      options.put(args[k], args[k + 1]);
    }
    return options;
  }
}
