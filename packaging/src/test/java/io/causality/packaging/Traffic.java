package io.causality.packaging;

import io.causality.common.testing.Await;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Requests flowing through a rolling upgrade, as a load balancer would send them: one client loop
 * that runs a scenario (a few calls that must all succeed, spread over the live nodes) again and
 * again until stopped, and remembers every failure. A node leaves the rotation before it stops and
 * joins it once healthy, as a balancer's health check would make it.
 */
final class Traffic implements AutoCloseable {
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  /** One round of calls, given the base URLs of the nodes in rotation. */
  @FunctionalInterface
  interface Scenario {
    void run(List<String> nodes) throws Exception;
  }

  private final Map<String, Boolean> rotation = new ConcurrentHashMap<>();
  private final List<String> failures = new CopyOnWriteArrayList<>();
  private final AtomicInteger rounds = new AtomicInteger();
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread loop;

  Traffic(Scenario scenario) {
    this.loop = new Thread(() -> loop(scenario), "traffic");
  }

  void start() {
    loop.start();
  }

  void join(Node node) {
    rotation.put(node.base(), true);
  }

  /**
   * Takes a node out of the rotation and waits until the round in flight, which may still call it,
   * has finished: the next round started (one loop, so one round at a time), as a balancer drains a
   * node before it stops.
   */
  void leave(Node node) {
    rotation.remove(node.base());
    int seen = started.get();
    Await.until(
        "the round in flight to finish", Duration.ofSeconds(120), () -> started.get() > seen);
  }

  int rounds() {
    return rounds.get();
  }

  List<String> failures() {
    return List.copyOf(failures);
  }

  private void loop(Scenario scenario) {
    while (running.get()) {
      started.incrementAndGet();
      List<String> nodes = List.copyOf(rotation.keySet());
      if (nodes.isEmpty()) {
        Thread.onSpinWait();
        continue;
      }
      try {
        scenario.run(nodes);
        rounds.incrementAndGet();
      } catch (Exception | AssertionError e) {
        failures.add(e.toString());
      }
    }
  }

  @Override
  public void close() throws InterruptedException {
    running.set(false);
    loop.join();
  }

  /** A call that must answer {@code status}; its body. */
  static String call(
      String method, String url, Map<String, String> headers, String body, int status)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(30))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    headers.forEach(request::header);
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != status) {
      throw new AssertionError(
          method + " " + url + ": " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  static <T> T pick(List<T> nodes, int round) {
    return nodes.get(Math.floorMod(round, nodes.size()));
  }

  static Supplier<Integer> counter() {
    AtomicInteger counter = new AtomicInteger();
    return counter::incrementAndGet;
  }
}
