package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Optional;

/**
 * What an approval gave: the signed token when it completed the policy's quorum (HTTP 200), or the
 * request record, still PENDING with one more approval, when more operators must approve (HTTP
 * 202). Exactly one of the two is present.
 *
 * <p>The approve answer writes it as the members of the one present, after {@code outcome} ({@value
 * #TOKEN_ISSUED} or {@value #AWAITING_APPROVALS}): the document's discriminator, so that a client
 * generated from it reads either answer as its own type without looking at the status.
 *
 * @param token the issued token; null while the quorum is not complete
 * @param pending the updated request record; null once the token is issued
 */
@JsonPropertyOrder({"outcome"})
public record OverrideApproval(
    @JsonUnwrapped OverrideTokenEnvelope token, @JsonUnwrapped OverrideRequestRecord pending) {

  /** The outcome of an approval that issued the token. */
  public static final String TOKEN_ISSUED = "TOKEN_ISSUED";

  /** The outcome of an approval that waits for more operators. */
  public static final String AWAITING_APPROVALS = "AWAITING_APPROVALS";

  public OverrideApproval {
    if ((token == null) == (pending == null)) {
      throw new IllegalArgumentException("exactly one of token and pending is given");
    }
  }

  /** {@value #TOKEN_ISSUED} or {@value #AWAITING_APPROVALS}, as the answer names it. */
  @JsonProperty("outcome")
  public String outcome() {
    return token != null ? TOKEN_ISSUED : AWAITING_APPROVALS;
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
