package io.causality.hitl.coordinator.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The signature against a vector computed outside Java (Python's {@code hmac.new(secret, t + "." +
 * body, sha256).hexdigest()}), so that a receiver in any language checks it the same way.
 */
class WebhookSignatureTest {
  private static final String SECRET = "whsec-example-0123456789";
  private static final long T = 1_767_225_600L;
  private static final byte[] BODY = "{\"id\":\"e-1\"}".getBytes(StandardCharsets.UTF_8);
  private static final String EXPECTED =
      "7ee0f3d52c578fb44a7c35fdf6c76929dd31eb1cf3713b0959451dbd6038cac6";

  @Test
  void theHeaderCarriesTheTimestampAndTheHmacOfTimestampDotBody() {
    assertThat(WebhookSignature.header(SECRET, T, BODY)).isEqualTo("t=" + T + ",v1=" + EXPECTED);
  }

  @Test
  void anotherSecretTimestampOrBodySignsDifferently() {
    assertThat(WebhookSignature.hmacHex("whsec-example-0123456780", T, BODY))
        .isNotEqualTo(EXPECTED);
    assertThat(WebhookSignature.hmacHex(SECRET, T + 1, BODY)).isNotEqualTo(EXPECTED);
    assertThat(
            WebhookSignature.hmacHex(
                SECRET, T, "{\"id\":\"e-2\"}".getBytes(StandardCharsets.UTF_8)))
        .isNotEqualTo(EXPECTED);
  }
}
