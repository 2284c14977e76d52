package io.causality.sim.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real SSE client over HTTP: reads {@code text/event-stream} lines on a thread of its own and
 * parses them into events, as a browser's EventSource would (without reconnecting).
 */
public final class SseTestClient implements AutoCloseable {
  /** One dispatched event. */
  public record Event(String name, String id, String data) {}

  private static final Event END = new Event("", "", "");
  private static final HttpClient HTTP =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  private final HttpResponse<InputStream> response;
  private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
  private volatile boolean ended;

  private SseTestClient(HttpResponse<InputStream> response) {
    this.response = response;
    // A refused stream's body is an error envelope for body(), not events.
    if (response.statusCode() == 200) {
      Thread reader = new Thread(this::read, "sse-test-client");
      reader.setDaemon(true);
      reader.start();
    }
  }

  /** Opens a stream; {@code headers} are name, value pairs. */
  public static SseTestClient open(int port, String path, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Accept", "text/event-stream");
    headers.forEach(request::header);
    try {
      return new SseTestClient(
          HTTP.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public int status() {
    return response.statusCode();
  }

  public HttpResponse<InputStream> response() {
    return response;
  }

  /** The body of a refused stream (an error envelope). */
  public String body() {
    try {
      return new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The next event within {@code timeout}; null when none came or the stream ended. */
  public Event next(Duration timeout) throws InterruptedException {
    Event event = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (event == END) {
      events.offer(END);
      return null;
    }
    return event;
  }

  /** Every event up to and including the first that matches; fails after {@code timeout}. */
  public List<Event> until(Predicate<Event> last, Duration timeout) throws InterruptedException {
    List<Event> seen = new ArrayList<>();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      Event event = next(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
      if (event == null) {
        break;
      }
      seen.add(event);
      if (last.test(event)) {
        return seen;
      }
    }
    throw new AssertionError("No matching event within " + timeout + "; saw " + seen);
  }

  /** Whether the server ended the stream within {@code timeout}, skipping what came first. */
  public boolean endsWithin(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (ended && events.isEmpty()) {
        return true;
      }
      Event event = events.poll(10, TimeUnit.MILLISECONDS);
      if (event == END) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    try {
      response.body().close();
    } catch (IOException e) {
      // closing is all that matters
    }
  }

  private void read() {
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
      parse(lines);
    } catch (IOException e) {
      // the stream ended or was closed
    } finally {
      ended = true;
      events.offer(END);
    }
  }

  private void parse(BufferedReader lines) throws IOException {
    String name = null;
    String id = null;
    StringBuilder data = null;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      if (line.isEmpty()) {
        if (data != null) {
          events.offer(new Event(name == null ? "message" : name, id, data.toString()));
        }
        name = null;
        data = null;
      } else if (line.startsWith("event:")) {
        name = value(line);
      } else if (line.startsWith("id:")) {
        id = value(line);
      } else if (line.startsWith("data:")) {
        data =
            data == null ? new StringBuilder(value(line)) : data.append('\n').append(value(line));
      }
    }
  }

  private static String value(String line) {
    String value = line.substring(line.indexOf(':') + 1);
    return value.startsWith(" ") ? value.substring(1) : value;
  }
}
