package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import java.time.Instant;
import java.util.List;

/**
 * The rules of approve and deny bodies beyond their shape (which their constraints check at the
 * resource): the key is a configured authority of the deciding operator (for an approval, one that
 * has not retired), the token lifetime the policy allows, four eyes, and the operator's
 * organizations.
 */
final class Decisions {

  private Decisions() {}

  /** A valid approval: who signs, for how long, with which note. */
  record Approval(AuthoritySigner signer, long tokenTtlMs, String note) {}

  /** A valid denial: who denies, with which note. */
  record Denial(AuthoritySigner signer, String note) {}

  /**
   * The token lifetime is {@code tokenTtlMs} when given, else the configured default, and never
   * above the policy's {@code maxTokenTtlMs}.
   */
  static Approval approval(
      ApproveOverrideRequest body,
      AuthoritySigners signers,
      OverrideSettings settings,
      HitlPolicy hitl,
      Decider decider,
      Instant now) {
    requireBody(body);
    AuthoritySigner signer = signingKey(body.keyId(), signers, decider, now);
    Long ttl = body.tokenTtlMs();
    long requested = ttl == null ? settings.defaultTokenTtlMs() : ttl;
    return new Approval(signer, Math.min(requested, hitl.maxTokenTtlMs()), body.operatorNote());
  }

  static Denial denial(DenyOverrideRequest body, AuthoritySigners signers, Decider decider) {
    requireBody(body);
    return new Denial(signer(body.keyId(), signers, decider), body.operatorNote());
  }

  /**
   * Four eyes: neither the caller that submitted the request nor an operator who is its requester
   * (one of the operator's requester identities, docs/coordinator.md "Who approves") approves it.
   * The request's actor is not compared: the requester chooses it freely.
   *
   * @throws SelfApprovalException when one of them tries
   */
  static void requireOtherThanRequester(OverrideRequestRow row, Decider decider) {
    String id = row.coordinatorRequestId();
    if (decider.callerId().equals(row.submittedBy())) {
      throw new SelfApprovalException(
          "caller "
              + decider.callerId()
              + " submitted override request "
              + id
              + "; another operator must approve it");
    }
    if (decider.isRequester(row.requester())) {
      throw new SelfApprovalException(
          "operator "
              + decider.operatorId()
              + " is the requester ("
              + row.requester().describe()
              + ") of override request "
              + id
              + "; another operator must approve it");
    }
  }

  /**
   * A request of an organization the operator does not decide for is, to that operator, no request.
   *
   * @throws OverrideRequestNotFoundException when it is out of the operator's scope
   */
  static void requireInScope(OverrideRequestRow row, OrganizationScope scope) {
    if (!scope.allows(row.requesterOrg())) {
      throw new OverrideRequestNotFoundException(row.coordinatorRequestId());
    }
  }

  /**
   * The key that signs an approval at {@code now}: the one named, which must not have retired; or,
   * when none is named, the one key the authenticated operator signs new tokens with (a retiring
   * key gives way to its successor, {@link AuthoritySigners#signingKeysOf}).
   */
  private static AuthoritySigner signingKey(
      String keyId, AuthoritySigners signers, Decider decider, Instant now) {
    if (keyId == null) {
      return onlyKey(signers.signingKeysOf(decider.operatorId(), now), decider);
    }
    AuthoritySigner signer = signer(keyId, signers, decider);
    if (!signer.signsAt(now)) {
      throw OverrideValidationException.of(
          "keyId",
          "retired at "
              + signer.retiresAt().orElseThrow()
              + ": it signs no new token; use the operator's new key");
    }
    return signer;
  }

  /**
   * The key that decides: the one named, which must be the authenticated operator's; or, when none
   * is named, the authenticated operator's only key.
   */
  private static AuthoritySigner signer(String keyId, AuthoritySigners signers, Decider decider) {
    if (keyId == null) {
      return onlyKey(signers.ofOperator(decider.operatorId()), decider);
    }
    AuthoritySigner signer =
        signers
            .find(keyId)
            .orElseThrow(
                () -> OverrideValidationException.of("keyId", "is not a configured authority key"));
    if (!signer.operatorId().equals(decider.operatorId())) {
      throw new ForbiddenKeyException(keyId, signer.operatorId(), decider);
    }
    return signer;
  }

  private static AuthoritySigner onlyKey(List<AuthoritySigner> own, Decider decider) {
    if (own.size() == 1) {
      return own.get(0);
    }
    throw OverrideValidationException.of(
        "keyId",
        own.isEmpty()
            ? "is required: operator "
                + decider.operatorId()
                + " has no configured key that signs new tokens"
            : "is required: operator "
                + decider.operatorId()
                + " has several keys ("
                + String.join(", ", own.stream().map(AuthoritySigner::keyId).toList())
                + ")");
  }

  private static void requireBody(Object body) {
    if (body == null) {
      throw OverrideValidationException.of("(body)", "a request body is required");
    }
  }
}
