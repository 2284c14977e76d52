package io.causality.hitl.protocol.wire;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.Instant;
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
    @JsonFormat(shape = JsonFormat.Shape.STRING) Instant expiresAt) {

  public OverrideTokenPayload {
    Objects.requireNonNull(tokenId, "tokenId");
    Objects.requireNonNull(requestHash, "requestHash");
    Objects.requireNonNull(keyId, "keyId");
    Objects.requireNonNull(issuedAt, "issuedAt");
    Objects.requireNonNull(expiresAt, "expiresAt");
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
