package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What an override token says, signed inside {@link OverrideTokenEnvelope#payload()}.
 *
 * <p>The token binds one approval to one request ({@code requestHash}), one policy version, one
 * license and one actor; the coordinator checks all four at redemption. Timestamps are RFC 3339
 * strings in UTC with millisecond precision at most.
 *
 * @param tokenId UUID v4, also the redemption key
 * @param coordinatorRequestId the approved override request
 * @param requestHash see {@link RequestHashes#requestHash}
 * @param actionHash see {@link RequestHashes#actionHash}; null without an action
 * @param policyVersion the deployment policy version in force at approval
 * @param licenseId the submitter's license
 * @param actorId the resolved actor; null when none could be resolved
 * @param operatorId the operator who approved
 * @param keyId the authority key that signed
 * @param issuedAt approval time
 * @param expiresAt the token is unusable from this instant on
 * @param approvals every approval of the quorum, each signed by its operator's own authority key,
 *     the completing one ({@code operatorId}, {@code keyId}) among them; absent in tokens issued
 *     before approvals were carried (version 1 payloads), which count as one approval by the
 *     envelope's signer
 */
public record OverrideTokenPayload(
    String tokenId,
    String coordinatorRequestId,
    String requestHash,
    String actionHash,
    long policyVersion,
    String licenseId,
    String actorId,
    String operatorId,
    String keyId,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant issuedAt,
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant expiresAt,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<TokenApproval> approvals) {

  public OverrideTokenPayload {
    Objects.requireNonNull(tokenId, "tokenId");
    Objects.requireNonNull(requestHash, "requestHash");
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(issuedAt, "issuedAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
    approvals = approvals == null ? null : List.copyOf(approvals);
  }

  /** A version 1 payload, without approvals: what coordinators issued before they were carried. */
  public OverrideTokenPayload(
      String tokenId,
      String coordinatorRequestId,
      String requestHash,
      String actionHash,
      long policyVersion,
      String licenseId,
      String actorId,
      String operatorId,
      String keyId,
      Instant issuedAt,
      Instant expiresAt) {
    this(
        tokenId,
        coordinatorRequestId,
        requestHash,
        actionHash,
        policyVersion,
        licenseId,
        actorId,
        operatorId,
        keyId,
        issuedAt,
        expiresAt,
        null);
  }

  /** The same payload carrying {@code approvals}. */
  public OverrideTokenPayload withApprovals(List<TokenApproval> approvals) {
    return new OverrideTokenPayload(
        tokenId,
        coordinatorRequestId,
        requestHash,
        actionHash,
        policyVersion,
        licenseId,
        actorId,
        operatorId,
        keyId,
        issuedAt,
        expiresAt,
        approvals);
  }

  /**
   * Whether the payload carries its approvals; a version 1 payload does not, and stands for one
   * approval by the envelope's signer.
   */
  public boolean carriesApprovals() {
    return approvals != null;
  }

  /** Whether the token is unusable at {@code now}: expiry is exclusive. */
  public boolean isExpiredAt(Instant now) {
    return !now.isBefore(expiresAt);
  }

  /** Whether a redemption or evaluation presents exactly what the token is bound to. */
  public boolean bindsTo(String requestHash, long policyVersion, String licenseId, String actorId) {
    return this.requestHash.equals(requestHash)
        && this.policyVersion == policyVersion
        && Objects.equals(this.licenseId, licenseId)
        && Objects.equals(this.actorId, actorId);
  }
}
