package io.causality.common.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.testing.RawHttp;
import io.dropwizard.core.Configuration;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * DNS rebinding and cross-origin writes (docs/security.md, "Browsers"): a {@code Host} that is not
 * this service's is 421 on both ports; a state-changing request carrying an {@code Origin} is 403
 * unless it is the origin the request was sent to; GETs and requests without {@code Origin} (curl,
 * the services' clients) pass.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class HostAndOriginIntegrationTest {
  static final DropwizardAppExtension<Configuration> APP =
      new DropwizardAppExtension<>(
          PlumbingTestApplication.class,
          ResourceHelpers.resourceFilePath("configs/plumbing-test.yml"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final byte[] ECHO = "{\"ticks\":3}".getBytes(StandardCharsets.UTF_8);

  private static RawHttp.Answer get(int port, String path, Map<String, String> headers)
      throws Exception {
    return RawHttp.exchange(port, new RawHttp.Request("GET", path, headers, null, false));
  }

  private static RawHttp.Answer post(Map<String, String> headers) throws Exception {
    Map<String, String> all = new LinkedHashMap<>(headers);
    all.put("Content-Type", "application/json");
    return RawHttp.exchange(
        APP.getLocalPort(), new RawHttp.Request("POST", "/v1/echo", all, ECHO, false));
  }

  private static String code(RawHttp.Answer answer) throws Exception {
    JsonNode error = JSON.readTree(answer.body()).get("error");
    assertThat(error.get("requestId").asText()).isEqualTo(answer.header("X-Request-Id"));
    return error.get("code").asText();
  }

  @Test
  void loopbackTheBoundAddressAndThePublicNamesAreThisService() throws Exception {
    int port = APP.getLocalPort();
    for (String host :
        new String[] {
          "localhost",
          "LOCALHOST:" + port,
          "127.0.0.1:" + port,
          "127.0.0.2",
          "[::1]:" + port,
          PlumbingTestApplication.PUBLIC_NAME,
          "API.example.test:443"
        }) {
      assertThat(get(port, "/v1/echo", Map.of("Host", host)).status()).as(host).isEqualTo(200);
    }
  }

  @Test
  void anyOtherHostIs421OnBothPorts() throws Exception {
    for (int port : new int[] {APP.getLocalPort(), APP.getAdminPort()}) {
      for (String host :
          new String[] {
            "attacker.example:" + port,
            "localhost.attacker.example",
            "api.example.test.attacker.example",
            "10.1.2.3",
            "0.0.0.0"
          }) {
        RawHttp.Answer answer = get(port, "/v1/echo", Map.of("Host", host));
        assertThat(answer.status()).as(host).isEqualTo(421);
        assertThat(code(answer)).isEqualTo("MISDIRECTED_REQUEST");
      }
    }
  }

  @Test
  void aWriteFromAPageOfAnotherOriginIs403AndChangesNothing() throws Exception {
    for (String origin :
        new String[] {"http://attacker.example", "null", "http://127.0.0.1:1", "garbage"}) {
      RawHttp.Answer answer = post(Map.of("Origin", origin));
      assertThat(answer.status()).as(origin).isEqualTo(403);
      assertThat(code(answer)).isEqualTo("FORBIDDEN");
    }
  }

  @Test
  void aWriteFromThePageOfThisOriginOrWithoutAnOriginPasses() throws Exception {
    String self = "127.0.0.1:" + APP.getLocalPort();
    assertThat(post(Map.of("Host", self, "Origin", "http://" + self)).status()).isEqualTo(200);
    assertThat(post(Map.of()).status()).isEqualTo(200);
    // reading is never refused for its origin: without CORS headers the page cannot read it
    assertThat(get(APP.getLocalPort(), "/v1/echo", Map.of("Origin", "http://a.example")).status())
        .isEqualTo(200);
  }

  @Test
  void theAdminPortTakesNoWriteFromAnyPage() throws Exception {
    String self = "127.0.0.1:" + APP.getAdminPort();
    RawHttp.Answer answer =
        RawHttp.exchange(
            APP.getAdminPort(),
            new RawHttp.Request(
                "POST",
                "/tasks/gc",
                Map.of("Host", self, "Origin", "http://" + self),
                new byte[0],
                false));
    assertThat(answer.status()).isEqualTo(403);
  }

  @Test
  void sameOriginComparesTheAuthorityAsTheBrowserWritesIt() {
    assertThat(HostAndOriginFilter.isSameOrigin("http://127.0.0.1:8080", "127.0.0.1:8080"))
        .isTrue();
    assertThat(HostAndOriginFilter.isSameOrigin("https://sim.example", "sim.example")).isTrue();
    assertThat(HostAndOriginFilter.isSameOrigin("http://sim.example:8080", "sim.example"))
        .isFalse();
    assertThat(HostAndOriginFilter.isSameOrigin("null", "null")).isFalse();
    assertThat(HostAndOriginFilter.isSameOrigin("http://a.example", null)).isFalse();
    assertThat(HostAndOriginFilter.isSameOrigin("::", "x")).isFalse();
  }
}
