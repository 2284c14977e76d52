package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.protocol.ApproveOverrideRequest;
import io.causality.hitl.protocol.DenyOverrideRequest;
import io.causality.hitl.protocol.HitlPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rules of approve and deny bodies beyond their shape (which their constraints check at the
 * resource): the key is a configured authority, and the token lifetime the policy allows.
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
      HitlPolicy hitl) {
    requireBody(body);
    List<Issue> issues = new ArrayList<>();
    Optional<AuthoritySigner> signer = signer(body.keyId(), signers, issues);
    throwIfAny(issues);
    Long ttl = body.tokenTtlMs();
    long requested = ttl == null ? settings.defaultTokenTtlMs() : ttl;
    return new Approval(
        signer.orElseThrow(), Math.min(requested, hitl.maxTokenTtlMs()), body.operatorNote());
  }

  static Denial denial(DenyOverrideRequest body, AuthoritySigners signers) {
    requireBody(body);
    List<Issue> issues = new ArrayList<>();
    Optional<AuthoritySigner> signer = signer(body.keyId(), signers, issues);
    throwIfAny(issues);
    return new Denial(signer.orElseThrow(), body.operatorNote());
  }

  private static Optional<AuthoritySigner> signer(
      String keyId, AuthoritySigners signers, List<Issue> issues) {
    if (keyId == null || keyId.isBlank()) {
      issues.add(new Issue("keyId", "is required"));
      return Optional.empty();
    }
    Optional<AuthoritySigner> signer = signers.find(keyId);
    if (signer.isEmpty()) {
      issues.add(new Issue("keyId", "is not a configured authority key"));
    }
    return signer;
  }

  private static void requireBody(Object body) {
    if (body == null) {
      throw OverrideValidationException.of("(body)", "a request body is required");
    }
  }

  private static void throwIfAny(List<Issue> issues) {
    if (!issues.isEmpty()) {
      throw new OverrideValidationException(issues);
    }
  }
}
