package io.causality.hitl.coordinator.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signature of a delivery, as Stripe signs its webhooks: {@code t=<unix seconds>,v1=<hex
 * HMAC-SHA256(secret, t + "." + body)>}. The timestamp is inside the signed content, so a receiver
 * that refuses old timestamps also refuses replays of old deliveries (docs/coordinator.md shows the
 * check).
 */
public final class WebhookSignature {
  private static final String ALGORITHM = "HmacSHA256";

  private WebhookSignature() {}

  /**
   * The {@code X-Causality-Signature} header value for {@code body} sent at {@code unixSeconds}.
   */
  public static String header(String secret, long unixSeconds, byte[] body) {
    return "t=" + unixSeconds + ",v1=" + hmacHex(secret, unixSeconds, body);
  }

  /** Lower-case hex HMAC-SHA256 of {@code unixSeconds + "." + body} under {@code secret}. */
  public static String hmacHex(String secret, long unixSeconds, byte[] body) {
    try {
      Mac mac = Mac.getInstance(ALGORITHM);
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
      mac.update((unixSeconds + ".").getBytes(StandardCharsets.US_ASCII));
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      // every JDK has HmacSHA256, and any non-empty key is valid for it
      throw new IllegalStateException("HMAC-SHA256 is not available", e);
    }
  }
}
