package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * {@code overrideOutcome.failureReason}: why a token did not turn a rejection into a pass. The
 * original rejection always stands when the outcome is {@code Rejected} (fail-closed).
 */
public enum OverrideFailureReason {
  /** The coordinator says the token was redeemed before. */
  REPLAY_DETECTED("ReplayDetected"),
  /**
   * The coordinator could not be reached in time, answered with a server error, or answered about
   * another token than the one presented.
   */
  COORDINATOR_UNAVAILABLE("CoordinatorUnavailable"),
  /** The envelope is malformed, its key is not a policy authority or the signature fails. */
  INVALID_SIGNATURE("InvalidSignature"),
  /** The token belongs to another request, policy version, license or actor. */
  BINDING_MISMATCH("BindingMismatch"),
  /** The coordinator did not issue this token. */
  UNKNOWN_TOKEN("UnknownToken"),
  /** The token is past its expiry. */
  TOKEN_EXPIRED("TokenExpired"),
  /** The coordinator refused the redemption call itself (for example 400, 401 or 403). */
  REDEMPTION_REFUSED("RedemptionRefused");

  private final String wireName;

  OverrideFailureReason(String wireName) {
    this.wireName = wireName;
  }

  /** The value on the wire, for example {@code ReplayDetected}. */
  @JsonValue
  public String wireName() {
    return wireName;
  }

  /** The failure reason a non-accepted redemption status stands for. */
  public static OverrideFailureReason of(RedeemStatus status) {
    return switch (status) {
      case REPLAY_DETECTED -> REPLAY_DETECTED;
      case UNKNOWN_TOKEN -> UNKNOWN_TOKEN;
      case BINDING_MISMATCH -> BINDING_MISMATCH;
      case EXPIRED -> TOKEN_EXPIRED;
      case ACCEPTED -> throw new IllegalArgumentException("ACCEPTED is not a failure");
    };
  }
}
