package io.causality.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * A service whose answers drifted from its document: a proxy in front of the real service that adds
 * one member, {@value #MEMBER}, to every JSON object it answers, as a server does that sends a
 * member its document lacks (a document with that property removed). A generated client with a
 * strict mapper must refuse such an answer; one with the generator's default mapper does not.
 */
final class DriftProxy implements AutoCloseable {
  static final String MEMBER = "undocumentedMember";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> HOP_BY_HOP =
      Set.of("connection", "content-length", "host", "transfer-encoding", "upgrade");

  private final HttpServer server;
  private final HttpClient client = HttpClient.newHttpClient();
  private final String target;

  private DriftProxy(String target) throws IOException {
    this.target = target;
    this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::forward);
    server.start();
  }

  /** A proxy on a free loopback port in front of {@code target} (a base URL). */
  static DriftProxy in(String target) {
    try {
      return new DriftProxy(target);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(target + exchange.getRequestURI()))
              .method(
                  exchange.getRequestMethod(),
                  HttpRequest.BodyPublishers.ofByteArray(exchange.getRequestBody().readAllBytes()));
      exchange
          .getRequestHeaders()
          .forEach(
              (name, values) -> {
                if (!HOP_BY_HOP.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                  values.forEach(value -> request.header(name, value));
                }
              });
      HttpResponse<byte[]> answer =
          client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      byte[] body = drifted(answer);
      answer
          .headers()
          .map()
          .forEach(
              (name, values) -> {
                if (!HOP_BY_HOP.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                  exchange.getResponseHeaders().put(name, values);
                }
              });
      exchange.sendResponseHeaders(answer.statusCode(), body.length == 0 ? -1 : body.length);
      exchange.getResponseBody().write(body);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private static byte[] drifted(HttpResponse<byte[]> answer) throws IOException {
    boolean json =
        answer.headers().firstValue("Content-Type").orElse("").startsWith("application/json");
    if (!json || answer.body().length == 0) {
      return answer.body();
    }
    JsonNode tree = JSON.readTree(answer.body());
    if (tree instanceof ObjectNode object) {
      object.put(MEMBER, true);
    }
    return JSON.writeValueAsString(tree).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
