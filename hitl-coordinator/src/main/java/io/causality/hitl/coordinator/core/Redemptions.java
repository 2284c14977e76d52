package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.RedeemStatus;
import java.time.Instant;
import java.util.Optional;

/** The parts of redemption that need no database: the body's presence and the pre-checks. */
final class Redemptions {

  private Redemptions() {}

  /** The shape is the constraints' (checked at the resource); the body itself is required. */
  static void requireBody(RedeemRequest body) {
    if (body == null) {
      throw OverrideValidationException.of("(body)", "a redemption body is required");
    }
  }

  /** BINDING_MISMATCH or EXPIRED, in that order; empty when the token may be redeemed. */
  static Optional<RedeemResponse> precheck(IssuedTokenRow token, RedeemRequest body, Instant now) {
    OverrideTokenPayload payload =
        OverrideTokens.parsePayload(token.payload())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "stored token payload of request "
                            + token.coordinatorRequestId()
                            + " is unreadable"));
    if (!payload.bindsTo(
        body.requestHash(), body.policyVersion(), body.licenseId(), body.actorId())) {
      return Optional.of(RedeemResponse.of(RedeemStatus.BINDING_MISMATCH, token.tokenId()));
    }
    if (!now.isBefore(token.expiresAt())) {
      return Optional.of(RedeemResponse.of(RedeemStatus.EXPIRED, token.tokenId()));
    }
    return Optional.empty();
  }

  static RedeemResponse accepted(IssuedTokenRow token, Instant now) {
    return new RedeemResponse(RedeemStatus.ACCEPTED, token.tokenId(), now);
  }

  static RedeemResponse replay(IssuedTokenRow token, Instant firstRedeemedAt) {
    return new RedeemResponse(RedeemStatus.REPLAY_DETECTED, token.tokenId(), firstRedeemedAt);
  }
}
