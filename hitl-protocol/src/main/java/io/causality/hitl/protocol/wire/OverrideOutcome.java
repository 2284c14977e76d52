package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * The {@code overrideOutcome} object of an evaluation response that carried a token.
 *
 * @param status applied or rejected
 * @param failureReason why it was rejected; null when applied
 * @param tokenId the token presented, when its envelope named one
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OverrideOutcome(
    OverrideOutcomeStatus status, OverrideFailureReason failureReason, String tokenId) {

  public OverrideOutcome {
    Objects.requireNonNull(status, "status");
    if ((status == OverrideOutcomeStatus.REJECTED) != (failureReason != null)) {
      throw new IllegalArgumentException("a failure reason goes with Rejected only");
    }
  }

  /** The token was redeemed and the rejection lifted. */
  public static OverrideOutcome applied(String tokenId) {
    return new OverrideOutcome(OverrideOutcomeStatus.APPLIED, null, tokenId);
  }

  /** The token did not apply; the original decision stands. */
  public static OverrideOutcome rejected(OverrideFailureReason reason, String tokenId) {
    return new OverrideOutcome(OverrideOutcomeStatus.REJECTED, reason, tokenId);
  }
}
