package io.causality.sim.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One client of the events benchmark: reads its stream and records what it saw. */
final class StreamClient implements Runnable {
  private static final byte[] EVENT = ascii("event: ");
  private static final byte[] ID = ascii("id: ");
  private static final byte[] DATA = ascii("data: ");
  private static final byte[] TICK_START = ascii("{\"t\":");
  private static final byte[] PAUSED = ascii("\"status\":\"paused\"");
  private static final byte[] RUNNING = ascii("\"status\":\"running\"");
  private static final Pattern CREATED_AT = Pattern.compile("\"createdAt\":\"([^\"]+)\"");

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

  StreamClient(HttpResponse<InputStream> response, CountDownLatch done) {
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
   * Scans the bytes for the lines it needs, without making strings of the payloads: the client
   * shares the machine with the server, and what it spends is not spent serving.
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
      name =
          new String(b, from + EVENT.length, to - from - EVENT.length, StandardCharsets.US_ASCII);
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
      Matcher matcher = CREATED_AT.matcher(new String(b, from, to - from, StandardCharsets.UTF_8));
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
    return (nextTick == tick && nextIndex == index + 1) || (nextTick == tick + 1 && nextIndex == 1);
  }

  static long epochNanos(Instant instant) {
    return instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
