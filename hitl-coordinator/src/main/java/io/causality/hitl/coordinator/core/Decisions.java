package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import java.util.List;

/**
 * The rules of approve and deny bodies beyond their shape (which their constraints check at the
 * resource): the key is a configured authority of the deciding operator, the token lifetime the
 * policy allows, four eyes, and the operator's organizations.
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
      Decider decider) {
    requireBody(body);
    AuthoritySigner signer = signer(body.keyId(), signers, decider);
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
   * The key that decides: the one named, which must be the authenticated operator's; or, when none
   * is named, the authenticated operator's only key.
   */
  private static AuthoritySigner signer(String keyId, AuthoritySigners signers, Decider decider) {
    if (keyId == null) {
      return onlyKey(signers, decider);
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

  private static AuthoritySigner onlyKey(AuthoritySigners signers, Decider decider) {
    List<AuthoritySigner> own = signers.ofOperator(decider.operatorId());
    if (own.size() == 1) {
      return own.get(0);
    }
    throw OverrideValidationException.of(
        "keyId",
        own.isEmpty()
            ? "is required: operator " + decider.operatorId() + " has no configured key"
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
