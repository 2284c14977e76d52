package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.crypto.Ps256;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Objects;

/**
 * What the coordinator signs with its own key when it answers a redemption: the token asked about,
 * the request hash presented, the outcome, the caller's nonce and the redemption time. Its text is
 * the RFC 8785 canonical JSON of these plus {@code "statement": "hitl.redemption.v1"}. The nonce is
 * the redeemer's own random value, so an answer recorded once cannot be replayed to another
 * redemption, and a fake coordinator without the key cannot answer at all (docs/evaluation.md,
 * "Override tokens").
 *
 * @param tokenId the token the answer is about
 * @param requestHash the request hash the redeemer presented
 * @param status the outcome
 * @param nonce the redeemer's nonce; null when it sent none
 * @param redeemedAt the answer's redemption time; null when it has none
 */
public record RedemptionStatement(
    String tokenId, String requestHash, RedeemStatus status, String nonce, Instant redeemedAt) {

  /** The {@code statement} member of every redemption statement. */
  public static final String TYPE = "hitl.redemption.v1";

  public RedemptionStatement {
    Objects.requireNonNull(status, "status");
  }

  /** The statement of {@code response} to {@code request}. */
  public static RedemptionStatement of(RedeemRequest request, RedeemResponse response) {
    return new RedemptionStatement(
        response.tokenId(),
        request.requestHash(),
        response.status(),
        request.nonce(),
        response.redeemedAt());
  }

  /** The exact text that is signed. */
  public String text() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("statement", TYPE);
    node.put("tokenId", tokenId);
    node.put("requestHash", requestHash);
    node.put("status", status.name());
    node.put("nonce", nonce);
    node.put("redeemedAt", redeemedAt == null ? null : redeemedAt.toString());
    return CanonicalJson.canonicalize(node);
  }

  /** The answer signed with the coordinator's key {@code keyId}. */
  public static RedeemResponse sign(
      RedeemRequest request, RedeemResponse response, PrivateKey key, String keyId) {
    String signature = Ps256.sign(of(request, response).text(), key);
    return new RedeemResponse(
        response.status(), response.tokenId(), response.redeemedAt(), keyId, signature);
  }

  /**
   * Whether {@code response} is the coordinator's signed answer to {@code request}: signed by
   * {@code key} over this request's token, request hash and nonce.
   */
  public static boolean verify(RedeemRequest request, RedeemResponse response, PublicKey key) {
    if (response.signature() == null || !request.tokenId().equals(response.tokenId())) {
      return false;
    }
    RedemptionStatement statement =
        new RedemptionStatement(
            request.tokenId(),
            request.requestHash(),
            response.status(),
            request.nonce(),
            response.redeemedAt());
    return Ps256.verify(statement.text(), response.signature(), key);
  }
}
