package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.LazyExpiry.event;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.ApproveOverrideRequest;
import io.causality.hitl.protocol.AuditEventType;
import io.causality.hitl.protocol.DenyOverrideRequest;
import io.causality.hitl.protocol.HitlPolicy;
import io.causality.hitl.protocol.OverrideRequestStatus;
import io.causality.hitl.protocol.OverrideTokenEnvelope;
import io.causality.hitl.protocol.OverrideTokenPayload;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** An operator's approval (which issues the signed token) or denial of a PENDING request. */
final class OperatorDecisions {
  private static final Logger LOG = LoggerFactory.getLogger(OperatorDecisions.class);

  private final OverrideRequestDao requests;
  private final LazyExpiry expiry;
  private final long policyVersion;
  private final HitlPolicy hitl;
  private final AuthoritySigners signers;
  private final OverrideSettings settings;

  OperatorDecisions(
      OverrideRequestDao requests,
      LazyExpiry expiry,
      long policyVersion,
      HitlPolicy hitl,
      AuthoritySigners signers,
      OverrideSettings settings) {
    this.requests = requests;
    this.expiry = expiry;
    this.policyVersion = policyVersion;
    this.hitl = hitl;
    this.signers = signers;
    this.settings = settings;
  }

  /** See {@link OverrideService#approve}. */
  OverrideTokenEnvelope approve(String id, ApproveOverrideRequest body) {
    Decisions.Approval approval = Decisions.approval(body, signers, settings, hitl);
    Instant now = expiry.now();
    OverrideRequestRow row = expiry.requirePending(id, now, OverrideRequestStatus.APPROVED);
    AuthoritySigner signer = approval.signer();
    // Signing needs no database; a lost race below simply discards this token.
    OverrideTokenEnvelope envelope = signer.issue(payload(row, signer, now, approval.tokenTtlMs()));
    IssuedTokenRow token =
        new IssuedTokenRow(
            envelope.tokenId(),
            id,
            signer.keyId(),
            envelope.payload(),
            envelope.signature(),
            now,
            now.plusMillis(approval.tokenTtlMs()),
            null);
    AuditEventRow approved =
        event(id, AuditEventType.APPROVED, signer.operatorId(), now, approval.note());
    if (!requests.approve(token, signer.operatorId(), approval.note(), approved)) {
      throw expiry.transitionFailure(id, now, OverrideRequestStatus.APPROVED);
    }
    LOG.info(
        "override request {} approved by {} with key {}", id, signer.operatorId(), signer.keyId());
    return envelope;
  }

  private OverrideTokenPayload payload(
      OverrideRequestRow row, AuthoritySigner signer, Instant now, long ttlMs) {
    return new OverrideTokenPayload(
        UUID.randomUUID().toString(),
        row.coordinatorRequestId(),
        row.requestHash(),
        row.actionHash(),
        policyVersion,
        row.licenseId(),
        row.actorId(),
        signer.operatorId(),
        signer.keyId(),
        now,
        now.plusMillis(ttlMs));
  }

  /** See {@link OverrideService#deny}; the caller reads the updated record. */
  void deny(String id, DenyOverrideRequest body) {
    Decisions.Denial denial = Decisions.denial(body, signers);
    Instant now = expiry.now();
    expiry.requirePending(id, now, OverrideRequestStatus.DENIED);
    String operator = denial.signer().operatorId();
    AuditEventRow denied = event(id, AuditEventType.DENIED, operator, now, denial.note());
    if (!requests.deny(operator, denial.note(), denied)) {
      throw expiry.transitionFailure(id, now, OverrideRequestStatus.DENIED);
    }
    LOG.info("override request {} denied by {}", id, operator);
  }
}
