package io.causality.sim.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.engine.EngineLimits;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The default body limit fits the largest valid inline scenario with room to spare, and a body over
 * it is a 413 in the envelope.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class RequestSizeLimitIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long DEFAULT_LIMIT = 16L << 20;

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  private HttpResponse<String> create(String key, byte[] body) {
    return client.send(
        client
            .request("/v1/simulations")
            .header("X-Api-Key", key)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
  }

  private static String writer() {
    var admin = SimTestFixture.admin(APP);
    return admin
        .createApiKey(
            SimTestFixture.organization(admin, "strategic").slug(),
            "simulation:read,simulation:write")
        .key();
  }

  private static final Tier.Size COMMUNITY = Tier.COMMUNITY.size();

  @Test
  void theLargestValidInlineScenarioFitsTheDefaultLimit() throws Exception {
    byte[] body =
        JSON.writerWithDefaultPrettyPrinter()
            .writeValueAsBytes(JSON.createObjectNode().set("scenario", largestScenario()));
    assertThat(APP.getConfiguration().getMaxRequestBodySize().toBytes()).isEqualTo(DEFAULT_LIMIT);
    assertThat((long) body.length).isGreaterThan(5_000_000).isLessThan(DEFAULT_LIMIT / 2);

    HttpResponse<String> response = create(writer(), body);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  @Test
  void aBodyOverTheLimitIs413WithTheEnvelope() throws Exception {
    // As docs/configuration.md advises for large bodies, the client asks first (Expect:
    // 100-continue) and sends the body only on a 100: the 413 comes before any of it.
    // (Java's own client waits for ever on such an answer, so this one is a plain socket.)
    try (Socket socket = new Socket("127.0.0.1", APP.getLocalPort())) {
      socket.setSoTimeout(10_000);
      socket
          .getOutputStream()
          .write(
              ("POST /v1/simulations HTTP/1.1\r\nHost: localhost\r\n"
                      + "X-Api-Key: "
                      + writer()
                      + "\r\nContent-Type: application/json\r\n"
                      + "Expect: 100-continue\r\nContent-Length: "
                      + (DEFAULT_LIMIT + 1)
                      + "\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      String raw = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

      assertThat(raw).startsWith("HTTP/1.1 413");
      assertThat(
              JSON.readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4))
                  .get("error")
                  .get("code")
                  .asText())
          .isEqualTo("PAYLOAD_TOO_LARGE");
    }
  }

  /**
   * Every bound of a community scenario at its maximum: agents, attractors, name lengths,
   * preferences, digits (larger tiers allow more agents; docs/configuration.md says what their
   * bodies need).
   */
  private static ObjectNode largestScenario() {
    ObjectNode scenario = JSON.createObjectNode().put("seed", Long.MIN_VALUE);
    ObjectNode initial = scenario.putObject("initialState");
    initial.putObject("grid").put("width", 10_000).put("height", 10_000);
    ArrayNode attractors = initial.putArray("attractors");
    for (int i = 0; i < COMMUNITY.maxAttractors(); i++) {
      attractors
          .addObject()
          .put("name", name("b", i))
          .put("x", 1234.5678901234567)
          .put("y", 8765.4321098765432)
          .put("strength", 999.99999999999)
          .put("radius", 12.3456789);
    }
    ArrayNode agents = scenario.putArray("agents");
    for (int i = 0; i < COMMUNITY.maxAgents(); i++) {
      ObjectNode agent = agents.addObject().put("id", name("a", i)).put("heedsProphecies", true);
      agent.putObject("marker").put("x", 4321.1234567890123).put("y", 1234.9876543210987);
      agent.putObject("policy").put("lambda", 0.12345678901234567).put("gamma", 0.3456789012345);
      ObjectNode preferences = agent.putObject("attractorPreferences");
      for (int j = 0; j < COMMUNITY.maxAttractors(); j++) {
        preferences.put(name("b", j), 12.345678901234567);
      }
    }
    return scenario;
  }

  private static String name(String prefix, int i) {
    String number = String.valueOf(i);
    return prefix.repeat(EngineLimits.MAX_NAME_LENGTH - number.length()) + number;
  }
}
