import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
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
 * standalone: java ops/bench/EventsBench.java URL API_KEY [--streams N] [--seconds S]
 * [--speed X] [--base-rate R] [--warmup W].
 *
 * Lag of a tick event = the wall-clock time a client read it - the time the tick was due by
 * the play schedule: start + t / (base rate x speed), where start is the createdAt of the
 * simulation:status "running" event (the server and this program share the machine's clock).
 * The server stamps createdAt before the commit after which its player starts, so the lag is
 * over-, never under-estimated; it covers the batching, the computing, the commit, the
 * fan-out and the delivery. The lags of the ticks due in the first W seconds (default 5: the
 * server's JIT compiling its hot paths) are left out of the figures, not out of the check that
 * nothing is lost. Spread = the time a client read a tick - the time the first client read
 * it, a lower bound of publication to receipt. Nothing lost = every stream saw every event
 * id in order, from the first to the last, the same ids as every other stream.
 */
public final class EventsBench {
  private static final byte[] EVENT = ascii("event: ");
  private static final byte[] ID = ascii("id: ");
  private static final byte[] DATA = ascii("data: ");
  private static final byte[] TICK_START = ascii("{\"t\":");
  private static final byte[] PAUSED = ascii("\"status\":\"paused\"");
  private static final byte[] RUNNING = ascii("\"status\":\"running\"");
  private static final Pattern CREATED_AT = Pattern.compile("\"createdAt\":\"([^\"]+)\"");
  private static final String SCENARIO = """
      {"scenario": {"seed": 7,
       "agents": [
         {"id": "a1", "marker": {"x": 50, "y": 50}, "policy": {"lambda": 0.1, "gamma": 0.5},
          "attractorPreferences": {"core": 1}},
         {"id": "a2", "marker": {"x": 52, "y": 48}, "policy": {"lambda": 0.2, "gamma": 0.4},
          "attractorPreferences": {"core": 1}}],
       "initialState": {"grid": {"width": 100, "height": 100},
         "attractors": [{"name": "core", "x": 50, "y": 50, "strength": 5, "radius": 10}]}}}
      """;

  /** What one client saw. */
  static final class Stream implements Runnable {
    final HttpResponse<InputStream> response;
    final CountDownLatch done;
    volatile double ticksPerNano;
    long startEpochNanos = -1;
    long events;
    long ticks;
    long bytes;
    long gaps;
    String firstId;
    String lastId;
    /** Receipt time (epoch nanos) of each tick's event, by tick; 0 when not received. */
    long[] received = new long[1 << 15];

    Stream(HttpResponse<InputStream> response, CountDownLatch done) {
      this.response = response;
      this.done = done;
    }

    @Override
    public void run() {
      try (InputStream in = response.body()) {
        read(in);
      } catch (IOException e) {
        System.err.println("stream ended: " + e);
      } finally {
        done.countDown();
      }
    }

    /**
     * Scans the bytes for the lines it needs, without making strings of the payloads: the
     * client shares the machine with the server, and what it spends is not spent serving.
     */
    private void read(InputStream in) throws IOException {
      byte[] buffer = new byte[1 << 17];
      int start = 0;
      int end = 0;
      while (true) {
        int read = in.read(buffer, end, buffer.length - end);
        if (read < 0) {
          return;
        }
        long now = epochNanos(Instant.now());
        bytes += read;
        end += read;
        int lineStart = 0;
        for (int k = start; k < end; k++) {
          if (buffer[k] == '\n') {
            if (line(buffer, lineStart, k, now)) {
              return;
            }
            lineStart = k + 1;
          }
        }
        int rest = end - lineStart;
        if (lineStart > 0) {
          System.arraycopy(buffer, lineStart, buffer, 0, rest);
        } else if (rest == buffer.length) {
          buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        start = rest;
        end = rest;
      }
    }

    private String name;
    private long idTick;
    private long idIndex;

    /** One line; true once the paused status arrived. */
    private boolean line(byte[] b, int from, int to, long now) {
      if (startsWith(b, from, to, EVENT)) {
        name = new String(b, from + EVENT.length, to - from - EVENT.length,
            StandardCharsets.US_ASCII);
      } else if (startsWith(b, from, to, ID)) {
        int dash = from + ID.length;
        while (b[dash] != '-') {
          dash++;
        }
        idTick = number(b, from + ID.length, dash);
        idIndex = number(b, dash + 1, to);
      } else if (startsWith(b, from, to, DATA)) {
        if (!"heartbeat".equals(name) && !"error".equals(name)) {
          event(b, from + DATA.length, to, now);
        }
        if ("simulation:status".equals(name) && contains(b, from, to, PAUSED)) {
          return true;
        }
      }
      return false;
    }

    private void event(byte[] b, int from, int to, long now) {
      if (events > 0 && !follows(lastTick, lastIndex, idTick, idIndex)) {
        gaps++;
      }
      if (events == 0) {
        firstId = idTick + "-" + idIndex;
      }
      lastTick = idTick;
      lastIndex = idIndex;
      lastId = idTick + "-" + idIndex;
      events++;
      if ("simulation:status".equals(name) && contains(b, from, to, RUNNING)) {
        Matcher matcher = CREATED_AT.matcher(new String(b, from, to - from,
            StandardCharsets.UTF_8));
        if (matcher.find()) {
          startEpochNanos = epochNanos(Instant.parse(matcher.group(1)));
        }
      }
      if ("tick".equals(name) && startEpochNanos >= 0 && startsWith(b, from, to, TICK_START)) {
        ticks++;
        int digits = from + TICK_START.length;
        int comma = digits;
        while (b[comma] != ',') {
          comma++;
        }
        long t = number(b, digits, comma);
        record(t, now);
      }
    }

    private long lastTick;
    private long lastIndex;

    private static long number(byte[] b, int from, int to) {
      long value = 0;
      for (int k = from; k < to; k++) {
        value = value * 10 + (b[k] - '0');
      }
      return value;
    }

    private static boolean startsWith(byte[] b, int from, int to, byte[] prefix) {
      if (to - from < prefix.length) {
        return false;
      }
      for (int k = 0; k < prefix.length; k++) {
        if (b[from + k] != prefix[k]) {
          return false;
        }
      }
      return true;
    }

    private static boolean contains(byte[] b, int from, int to, byte[] part) {
      for (int k = from; k + part.length <= to; k++) {
        if (startsWith(b, k, to, part)) {
          return true;
        }
      }
      return false;
    }

    private void record(long tick, long now) {
      while (tick >= received.length) {
        received = Arrays.copyOf(received, received.length * 2);
      }
      received[(int) tick] = now;
    }

    /** When tick t was due by the play schedule. */
    long due(long tick) {
      return startEpochNanos + (long) (tick / ticksPerNano);
    }

    /** The next index of the same tick, or index 1 of the next tick. */
    static boolean follows(long tick, long index, long nextTick, long nextIndex) {
      return (nextTick == tick && nextIndex == index + 1)
          || (nextTick == tick + 1 && nextIndex == 1);
    }

    static long epochNanos(Instant instant) {
      return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
    }

  }

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
    List<Stream> clients = new ArrayList<>();
    for (int k = 0; k < streams; k++) {
      HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(
              URI.create(url + "/v1/simulations/" + id + "/events"))
          .header("X-Api-Key", key).header("Accept", "text/event-stream").build(),
          HttpResponse.BodyHandlers.ofInputStream());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("stream " + k + " refused: " + response.statusCode()
            + " " + new String(response.body().readAllBytes(), StandardCharsets.UTF_8));
      }
      clients.add(new Stream(response, done));
    }
    double ticksPerNano = baseRate * speed / 1e9;
    long playSent = System.nanoTime();
    for (Stream client : clients) {
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
    report(clients, streams, (pausedAt - playSent) / 1e9, baseRate * speed,
        (long) (warmup * baseRate * speed));
  }

  private static void report(List<Stream> clients, int streams, double elapsed,
      double rate, long warmupTicks) {
    long events = 0;
    long bytes = 0;
    long gaps = 0;
    long maxTicks = 0;
    for (Stream client : clients) {
      events += client.events;
      bytes += client.bytes;
      gaps += client.gaps;
      maxTicks = Math.max(maxTicks, client.ticks);
    }
    long[] lags = lags(clients, warmupTicks, maxTicks, false);
    long[] spreads = lags(clients, warmupTicks, maxTicks, true);
    boolean sameEnds = clients.stream().allMatch(c -> c.firstId != null
        && c.firstId.equals(clients.get(0).firstId) && c.lastId.equals(clients.get(0).lastId)
        && c.events == clients.get(0).events);
    System.out.printf("streams                 %d%n", streams);
    System.out.printf("target rate             %.0f ticks/s%n", rate);
    System.out.printf("played                  %.1f s, %d ticks (%.0f ticks/s)%n", elapsed,
        maxTicks, maxTicks / elapsed);
    System.out.printf("events delivered        %d (%.0f events/s over all streams)%n", events,
        events / elapsed);
    System.out.printf("bytes delivered         %.1f MB (%.1f MB/s)%n", bytes / 1e6,
        bytes / 1e6 / elapsed);
    System.out.printf("lags measured           ticks %d to %d, %d receipts%n", warmupTicks,
        maxTicks - 1, lags.length);
    System.out.printf("lag p50 / p99 / max     %.1f / %.1f / %.1f ms (after the schedule)%n",
        pct(lags, 0.50), pct(lags, 0.99), pct(lags, 1.0));
    System.out.printf("spread p50 / p99 / max  %.1f / %.1f / %.1f ms (after the first stream)%n",
        pct(spreads, 0.50), pct(spreads, 0.99), pct(spreads, 1.0));
    System.out.printf("ids                     first %s, last %s on every stream: %s%n",
        clients.get(0).firstId, clients.get(0).lastId, sameEnds);
    System.out.printf("lost                    %s (gaps: %d)%n",
        gaps == 0 && sameEnds ? "nothing" : "EVENTS LOST", gaps);
  }

  /**
   * Every tick receipt of every stream, sorted: its lag after the schedule, or (spread) after
   * the first stream that received the same tick, which is no later than its publication.
   */
  private static long[] lags(List<Stream> clients, long fromTick, long ticks, boolean spread) {
    long[] first = new long[(int) ticks];
    Arrays.fill(first, Long.MAX_VALUE);
    for (Stream client : clients) {
      for (int t = 0; t < ticks && t < client.received.length; t++) {
        if (client.received[t] != 0) {
          first[t] = Math.min(first[t], client.received[t]);
        }
      }
    }
    long[] lags = new long[(int) ticks * clients.size()];
    int count = 0;
    for (Stream client : clients) {
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

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static double pct(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] / 1e6;
  }

  private static String create(HttpClient http, String url, String key) throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(
            URI.create(url + "/v1/simulations"))
        .header("X-Api-Key", key).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(SCENARIO)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw new IllegalStateException("create: " + response.statusCode() + " "
          + response.body());
    }
    Matcher matcher = Pattern.compile("\"id\":\"([^\"]+)\"").matcher(response.body());
    if (!matcher.find()) {
      throw new IllegalStateException("create: no id in " + response.body());
    }
    return matcher.group(1);
  }

  private static void control(HttpClient http, String url, String key, String id,
      String body) throws Exception {
    HttpResponse<String> response = http.send(HttpRequest.newBuilder(
            URI.create(url + "/v1/simulations/" + id + "/time-control"))
        .header("X-Api-Key", key).header("Content-Type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IllegalStateException("time-control: " + response.statusCode() + " "
          + response.body());
    }
  }

  private static Map<String, String> options(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: java EventsBench.java URL API_KEY [--streams N] "
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
