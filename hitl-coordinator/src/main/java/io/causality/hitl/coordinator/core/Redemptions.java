package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.protocol.OverrideTokenPayload;
import io.causality.hitl.protocol.OverrideTokens;
import io.causality.hitl.protocol.RedeemRequest;
import io.causality.hitl.protocol.RedeemResponse;
import io.causality.hitl.protocol.RedeemStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** The parts of redemption that need no database: body validation and the pre-checks. */
final class Redemptions {

  private static final Pattern UUID_TEXT =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private Redemptions() {}

  /** Every member but actorId is required; tokenId must be a UUID. */
  static void validate(RedeemRequest body) {
    if (body == null) {
      throw OverrideValidationException.of("(body)", "a redemption body is required");
    }
    List<Issue> issues = new ArrayList<>();
    if (body.tokenId() == null || !UUID_TEXT.matcher(body.tokenId()).matches()) {
      issues.add(new Issue("tokenId", "must be a UUID"));
    }
    requireText("requestHash", body.requestHash(), issues);
    if (body.policyVersion() == null) {
      issues.add(new Issue("policyVersion", "is required"));
    }
    requireText("licenseId", body.licenseId(), issues);
    if (!issues.isEmpty()) {
      throw new OverrideValidationException(issues);
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

  private static void requireText(String path, String value, List<Issue> issues) {
    if (value == null || value.isBlank()) {
      issues.add(new Issue(path, "is required"));
    }
  }
}
