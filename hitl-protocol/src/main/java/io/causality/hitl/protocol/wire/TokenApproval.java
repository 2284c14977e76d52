package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;

/**
 * One operator's approval inside an override token ({@link OverrideTokenPayload#approvals()}): who
 * approved, with which authority key, when, and that key's PS256 signature over the approval's
 * {@link ApprovalStatement}. With the policy alone, a verifier checks every approval of the quorum
 * from the token (docs/coordinator-protocol.md, "Override token").
 *
 * @param operatorId the approving operator
 * @param keyId the operator's authority key that signed the approval
 * @param approvedAt when the operator approved, RFC 3339, millisecond precision
 * @param signature PS256 of the statement's text by that key, base64url without padding
 */
public record TokenApproval(
    String operatorId,
    String keyId,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant approvedAt,
    String signature) {

  /** Keeps the signature out of logs. */
  @Override
  public String toString() {
    return "TokenApproval[operatorId=" + operatorId + ", keyId=" + keyId + "]";
  }
}
