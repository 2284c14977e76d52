package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Objects;

/**
 * Answer of a redemption, HTTP 200 for every outcome.
 *
 * @param status the outcome
 * @param tokenId the token asked about
 * @param redeemedAt when the token was redeemed: now for {@code ACCEPTED}, the first redemption for
 *     {@code REPLAY_DETECTED}, absent otherwise
 * @param keyId the coordinator key that signed the answer (the policy's {@code coordinatorKey})
 * @param signature PS256 of the answer's {@link RedemptionStatement} by that key, base64url
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RedeemResponse(
    RedeemStatus status,
    String tokenId,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant redeemedAt,
    String keyId,
    String signature) {

  public RedeemResponse {
    Objects.requireNonNull(status, "status");
  }

  /** An answer not signed yet. */
  public RedeemResponse(RedeemStatus status, String tokenId, Instant redeemedAt) {
    this(status, tokenId, redeemedAt, null, null);
  }

  /** An outcome without a redemption time. */
  public static RedeemResponse of(RedeemStatus status, String tokenId) {
    return new RedeemResponse(status, tokenId, null);
  }

  /** Keeps the signature out of logs. */
  @Override
  public String toString() {
    return "RedeemResponse[status=" + status + ", tokenId=" + tokenId + "]";
  }

  /** Whether this redemption lifted the rejection. */
  public boolean accepted() {
    return status == RedeemStatus.ACCEPTED;
  }
}
