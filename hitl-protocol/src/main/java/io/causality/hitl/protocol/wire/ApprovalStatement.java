package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.crypto.CanonicalJson;
import io.causality.hitl.protocol.crypto.Ps256;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.util.Objects;

/**
 * What an operator's authority key signs when the operator approves a request: the request and its
 * binding (the members an override token binds), the operator, the key and the time. Its text is
 * the RFC 8785 canonical JSON of these members plus {@code "statement": "hitl.approval.v1"}, so
 * that no other signed text of the contract (a token payload, a redemption answer, a checkpoint)
 * can pass for an approval.
 *
 * @param coordinatorRequestId the approved request
 * @param requestHash its request hash
 * @param actionHash its action hash; null without an action
 * @param licenseId its license
 * @param actorId its resolved actor; null when none was resolved
 * @param operatorId the approving operator
 * @param keyId the operator's authority key
 * @param approvedAt when, at millisecond precision
 */
public record ApprovalStatement(
    String coordinatorRequestId,
    String requestHash,
    String actionHash,
    String licenseId,
    String actorId,
    String operatorId,
    String keyId,
    Instant approvedAt) {

  /** The {@code statement} member of every approval statement. */
  public static final String TYPE = "hitl.approval.v1";

  public ApprovalStatement {
    Objects.requireNonNull(coordinatorRequestId, "coordinatorRequestId");
    Objects.requireNonNull(requestHash, "requestHash");
    Objects.requireNonNull(operatorId, "operatorId");
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(approvedAt, "approvedAt");
  }

  /** The statement of one of a token's approvals, bound to what the token binds. */
  public static ApprovalStatement of(OverrideTokenPayload payload, TokenApproval approval) {
    return new ApprovalStatement(
        payload.coordinatorRequestId(),
        payload.requestHash(),
        payload.actionHash(),
        payload.licenseId(),
        payload.actorId(),
        approval.operatorId(),
        approval.keyId(),
        approval.approvedAt());
  }

  /** The exact text that is signed. */
  public String text() {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("statement", TYPE);
    node.put("coordinatorRequestId", coordinatorRequestId);
    node.put("requestHash", requestHash);
    node.put("actionHash", actionHash);
    node.put("licenseId", licenseId);
    node.put("actorId", actorId);
    node.put("operatorId", operatorId);
    node.put("keyId", keyId);
    node.put("approvedAt", approvedAt.toString());
    return CanonicalJson.canonicalize(node);
  }

  /** Signs the statement with the operator's authority key. */
  public TokenApproval sign(PrivateKey authorityKey) {
    return new TokenApproval(operatorId, keyId, approvedAt, Ps256.sign(text(), authorityKey));
  }

  /** Whether {@code signature} is the PS256 signature of this statement by {@code key}. */
  public boolean verify(String signature, PublicKey key) {
    return Ps256.verify(text(), signature, key);
  }
}
