package io.causality.sim.events;

import static io.causality.sim.testing.EventIds.assertContiguous;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.causality.sim.testing.SseTestClient;
import io.causality.sim.testing.SseTestClient.Event;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Concurrent streams per organization (429 past the license's maxConcurrentSSE, the slot freed when
 * the client goes away), and a client that stops reading: cut off, while the simulation and the
 * other clients go on.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class EventStreamLimitsIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("events.heartbeatInterval", "200 milliseconds"),
          ConfigOverride.config("events.writeTimeout", "1 second"),
          ConfigOverride.config("events.clientBuffer", "8192"),
          ConfigOverride.config("playback.baseTicksPerSecond", "100"),
          ConfigOverride.config("playback.batchInterval", "20 milliseconds"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  private String keyFor(String tier) {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow organization = SimTestFixture.organization(admin, tier);
    return admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();
  }

  private String create(String key, String scenarioId) throws Exception {
    String body =
        client
            .send(
                client
                    .request("/v1/simulations")
                    .header("X-Api-Key", key)
                    .header("Content-Type", "application/json")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"scenarioId\":\"" + scenarioId + "\"}")))
            .body();
    return JSON.readTree(body).get("id").asText();
  }

  private void timeControl(String key, String id, String body) {
    assertThat(
            client
                .send(
                    client
                        .request("/v1/simulations/" + id + "/time-control")
                        .header("X-Api-Key", key)
                        .header("Content-Type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString(body)))
                .statusCode())
        .isEqualTo(200);
  }

  private SseTestClient stream(String id, String key) {
    return SseTestClient.open(
        APP.getLocalPort(), "/v1/simulations/" + id + "/events", Map.of("X-Api-Key", key));
  }

  /** Opens streams until one is accepted; closes the refused ones. */
  private SseTestClient acceptedStream(String id, String key) {
    return Await.value(
        "a stream slot comes free",
        DEADLINE,
        () -> {
          SseTestClient events = stream(id, key);
          if (events.status() == 200) {
            return Optional.of(events);
          }
          assertThat(events.status()).isEqualTo(429);
          events.close();
          return Optional.empty();
        });
  }

  @Test
  void aSecondCommunityStreamIsRefusedUntilTheFirstCloses() throws Exception {
    String key = keyFor("community");
    String id = create(key, "stable-basins");
    try (SseTestClient first = stream(id, key)) {
      assertThat(first.status()).isEqualTo(200);
      try (SseTestClient second = stream(id, key)) {
        assertThat(second.status()).isEqualTo(429);
        assertThat(second.response().headers().firstValue("Retry-After")).hasValue("2");
        assertThat(second.response().headers().firstValue("X-RateLimit-Limit")).hasValue("1");
        JsonNode error = JSON.readTree(second.body()).get("error");
        assertThat(error.get("code").asText()).isEqualTo("RATE_LIMITED");
        assertThat(error.get("message").asText()).contains("1 open at once");
      }
    }
    // The server finds the closed client through the heartbeat and frees its slot.
    try (SseTestClient again = acceptedStream(id, key)) {
      assertThat(again.until(e -> e.name().equals("heartbeat"), DEADLINE)).isNotEmpty();
    }
  }

  @Test
  void aClientThatStopsReadingIsCutOffWhileTheOthersKeepReceiving() throws Exception {
    String key = keyFor("professional");
    String id = create(key, "stable-basins");
    try (SseTestClient healthy = stream(id, key);
        Socket stalled = stalledStream(id, key)) {
      timeControl(key, id, "{\"action\":\"play\",\"speed\":10}");
      List<Event> seen =
          healthy.until(
              e -> e.name().equals("tick") && e.data().startsWith("{\"t\":3000,"), DEADLINE);
      assertContiguous(seen);
      // professional allows 5: the healthy stream and 4 more only once the stalled one is cut
      List<SseTestClient> others = new ArrayList<>();
      try {
        for (int k = 0; k < 4; k++) {
          others.add(acceptedStream(id, key));
        }
        assertThat(readsToTheEnd(stalled)).isTrue();
        List<Event> later =
            healthy.until(
                e -> e.name().equals("tick") && e.data().startsWith("{\"t\":4000,"), DEADLINE);
        assertContiguous(later);
      } finally {
        others.forEach(SseTestClient::close);
        timeControl(key, id, "{\"action\":\"pause\"}");
      }
    }
  }

  /** A stream whose client reads the response head, then nothing more. */
  private Socket stalledStream(String id, String key) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", APP.getLocalPort()));
    socket
        .getOutputStream()
        .write(
            ("GET /v1/simulations/"
                    + id
                    + "/events HTTP/1.1\r\n"
                    + "Host: 127.0.0.1\r\nAccept: text/event-stream\r\nX-Api-Key: "
                    + key
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
    byte[] head = new byte[12];
    int read = socket.getInputStream().readNBytes(head, 0, head.length);
    assertThat(new String(head, 0, read, StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
    return socket;
  }

  /** Whether the server closed the connection: everything it sent, then the end. */
  private static boolean readsToTheEnd(Socket socket) throws IOException {
    socket.setSoTimeout((int) DEADLINE.toMillis());
    InputStream in = socket.getInputStream();
    byte[] buffer = new byte[65536];
    try {
      while (in.read(buffer) >= 0) {
        // what was buffered before the server cut the connection
      }
      return true;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true;
    }
  }
}
