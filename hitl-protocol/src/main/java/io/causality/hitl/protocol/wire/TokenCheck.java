package io.causality.hitl.protocol.wire;

import java.util.Objects;
import java.util.Optional;

/**
 * The result of checking a token locally, before redeeming it.
 *
 * @param payload the verified payload; null when the signature did not verify
 * @param failure why the token cannot apply; null when it may be redeemed
 */
public record TokenCheck(OverrideTokenPayload payload, OverrideFailureReason failure) {

  /** A token whose signature, binding and expiry are fine. */
  public static TokenCheck passed(OverrideTokenPayload payload) {
    return new TokenCheck(Objects.requireNonNull(payload, "payload"), null);
  }

  /** A token that cannot apply. */
  public static TokenCheck failed(OverrideTokenPayload payload, OverrideFailureReason failure) {
    return new TokenCheck(payload, Objects.requireNonNull(failure, "failure"));
  }

  /** Whether the token may be redeemed. */
  public boolean ok() {
    return failure == null;
  }

  /** The failure, if any. */
  public Optional<OverrideFailureReason> failureReason() {
    return Optional.ofNullable(failure);
  }
}
