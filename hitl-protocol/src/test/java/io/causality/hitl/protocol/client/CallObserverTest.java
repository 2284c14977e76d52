package io.causality.hitl.protocol.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.causality.hitl.protocol.wire.RedeemRequest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client sends the observer's headers on each call and tells it how each call ended. */
class CallObserverTest {
  private static final String TRACEPARENT =
      "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  private HttpServer server;
  private final List<String> traceparents = new CopyOnWriteArrayList<>();
  private final List<String> observed = new CopyOnWriteArrayList<>();
  private volatile int status = 200;
  private volatile String body = "{\"status\":\"ACCEPTED\",\"tokenId\":\"t-1\"}";

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          traceparents.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
          byte[] answer = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(status, answer.length);
          exchange.getResponseBody().write(answer);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private CoordinatorClient client(int port) {
    CallObserver observer =
        operation ->
            new CallObserver.Call() {
              @Override
              public Map<String, String> headers() {
                return Map.of("traceparent", TRACEPARENT);
              }

              @Override
              public void finished(String outcome) {
                observed.add(operation + " " + outcome);
              }
            };
    return new CoordinatorClient(
        URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(2), Optional.empty(), observer);
  }

  private static RedeemRequest redeem() {
    return new RedeemRequest("t-1", "a".repeat(64), 1L, "lic", "actor");
  }

  @Test
  void theObserversHeadersGoWithTheCallAndItsOutcomeComesBack() {
    CoordinatorClient client = client(server.getAddress().getPort());
    client.redeem(redeem());
    status = 409;
    body = "{\"error\":{\"code\":\"DEDUPLICATED\",\"message\":\"m\"}}";
    client.redeem(redeem());
    status = 503;
    client.health();

    assertThat(traceparents).containsOnly(TRACEPARENT).hasSize(3);
    assertThat(observed).containsExactly("redeem success", "redeem refused", "health unavailable");
  }

  @Test
  void anUnreachableCoordinatorIsObservedAsUnavailable() {
    int port = server.getAddress().getPort();
    server.stop(0);
    client(port).redeem(redeem());
    assertThat(observed).containsExactly("redeem unavailable");
  }
}
