package io.causality.hitl.coordinator.webhooks;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A webhook receiver on loopback, port 0 (the JDK's HTTP server): it keeps every delivery it is
 * sent, per path, and answers 200 unless a test queued other statuses for the path. It checks
 * signatures as docs/coordinator.md tells a receiver to, with the JDK's HMAC and nothing of the
 * coordinator's code.
 */
public final class LoopbackReceiver implements AutoCloseable {
  private final HttpServer server;
  private final List<Delivery> deliveries = new ArrayList<>();
  private final Map<String, Deque<Integer>> answers = new ConcurrentHashMap<>();

  /** One delivery as it arrived. */
  public record Delivery(String path, Map<String, List<String>> headers, String body) {
    public String header(String name) {
      return headers.entrySet().stream()
          .filter(e -> e.getKey().equalsIgnoreCase(name))
          .map(e -> e.getValue().get(0))
          .findFirst()
          .orElse(null);
    }

    public String eventId() {
      return header("X-Causality-Event-Id");
    }

    /** The receiver's check: {@code v1} is HMAC-SHA256(secret, t + "." + body) and t is sent. */
    public boolean verifies(String secret) {
      String signature = header("X-Causality-Signature");
      String timestamp = header("X-Causality-Timestamp");
      if (signature == null || timestamp == null || !signature.startsWith("t=" + timestamp + ",")) {
        return false;
      }
      String v1 = signature.substring(signature.indexOf(",v1=") + 4);
      return java.security.MessageDigest.isEqual(
          v1.getBytes(StandardCharsets.US_ASCII),
          hmac(secret, timestamp + "." + body).getBytes(StandardCharsets.US_ASCII));
    }
  }

  private LoopbackReceiver(HttpServer server) {
    this.server = server;
  }

  public static LoopbackReceiver start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      LoopbackReceiver receiver = new LoopbackReceiver(server);
      server.createContext("/", receiver::handle);
      server.setExecutor(Executors.newFixedThreadPool(4));
      server.start();
      return receiver;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The URL of {@code path} on this receiver. */
  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** The next deliveries to {@code path} are answered with these statuses, in order. */
  public void answerNext(String path, Integer... statuses) {
    answers.computeIfAbsent(path, p -> new ConcurrentLinkedDeque<>()).addAll(List.of(statuses));
  }

  /** Every delivery to {@code path} so far, in arrival order. */
  public List<Delivery> to(String path) {
    synchronized (deliveries) {
      return deliveries.stream().filter(d -> d.path().equals(path)).toList();
    }
  }

  /**
   * The deliveries of audit events to {@code path} so far, in arrival order: without the signed
   * checkpoints of the chain's head the coordinator sends beside them.
   */
  public List<Delivery> eventsTo(String path) {
    return to(path).stream()
        .filter(d -> !"CHECKPOINT".equals(d.header("X-Causality-Event-Type")))
        .toList();
  }

  /** The deliveries to {@code path} of event {@code eventId}. */
  public List<Delivery> of(String path, String eventId) {
    return to(path).stream().filter(d -> eventId.equals(d.eventId())).toList();
  }

  /** The first delivery to {@code path} of event {@code eventId}, if it came. */
  public Optional<Delivery> first(String path, String eventId) {
    return of(path, eventId).stream().findFirst();
  }

  private void handle(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String path = exchange.getRequestURI().getPath();
    Deque<Integer> queued = answers.get(path);
    Integer status = queued == null ? null : queued.poll();
    synchronized (deliveries) {
      deliveries.add(new Delivery(path, Map.copyOf(exchange.getRequestHeaders()), body));
    }
    exchange.sendResponseHeaders(status == null ? 200 : status, -1);
    exchange.close();
  }

  private static String hmac(String secret, String content) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
