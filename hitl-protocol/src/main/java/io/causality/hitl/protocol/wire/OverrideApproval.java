package io.causality.hitl.protocol.wire;

import java.util.Optional;

/**
 * What an approval gave: the signed token when it completed the policy's quorum (HTTP 200), or the
 * request record, still PENDING with one more approval, when more operators must approve (HTTP
 * 202). Exactly one of the two is present.
 *
 * @param token the issued token; null while the quorum is not complete
 * @param pending the updated request record; null once the token is issued
 */
public record OverrideApproval(OverrideTokenEnvelope token, OverrideRequestRecord pending) {

  public OverrideApproval {
    if ((token == null) == (pending == null)) {
      throw new IllegalArgumentException("exactly one of token and pending is given");
    }
  }

  /** The token, when this approval completed the quorum. */
  public Optional<OverrideTokenEnvelope> issued() {
    return Optional.ofNullable(token);
  }

  /** The request still waiting for approvals, when it did not. */
  public Optional<OverrideRequestRecord> awaiting() {
    return Optional.ofNullable(pending);
  }
}
