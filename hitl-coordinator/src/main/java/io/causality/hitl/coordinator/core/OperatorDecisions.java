package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.LazyExpiry.event;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.db.ApprovalOutcome;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.coordinator.metrics.CoordinatorMetrics;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An operator's approval or denial of a PENDING request. An approval counts towards the policy's
 * quorum ({@code hitl.requiredApprovals} distinct operators); the one that completes it issues the
 * signed token. One denial denies.
 */
final class OperatorDecisions {
  private static final Logger LOG = LoggerFactory.getLogger(OperatorDecisions.class);

  private final OverrideRequestDao requests;
  private final LazyExpiry expiry;
  private final long policyVersion;
  private final HitlPolicy hitl;
  private final AuthoritySigners signers;
  private final OverrideSettings settings;

  /** Decisions under one policy snapshot. */
  OperatorDecisions(OverrideRequestDao requests, LazyExpiry expiry, PolicySnapshot snapshot) {
    this.requests = requests;
    this.expiry = expiry;
    this.policyVersion = snapshot.policyVersion();
    this.hitl = snapshot.hitl();
    this.signers = snapshot.signers();
    this.settings = snapshot.settings();
  }

  /**
   * See {@link OverrideService#approve(String, ApproveOverrideRequest, Decider)}.
   *
   * @return the token when this approval completed the quorum; empty when it was recorded and more
   *     operators must approve
   */
  Optional<OverrideTokenEnvelope> approve(String id, ApproveOverrideRequest body, Decider decider) {
    Instant now = expiry.now();
    Decisions.Approval approval = Decisions.approval(body, signers, settings, hitl, decider, now);
    OverrideRequestRow row = expiry.requirePending(id, now, OverrideRequestStatus.APPROVED);
    AuthoritySigner signer = approval.signer();
    String operator = signer.operatorId();
    Decisions.requireOtherThanRequester(row, decider, operator);
    // Signing needs no database; a lost race or an approval short of the quorum discards it.
    OverrideTokenEnvelope envelope = signer.issue(payload(row, signer, now, approval.tokenTtlMs()));
    ApprovalOutcome outcome =
        requests.recordApproval(
            tokenRow(envelope, id, signer, now, approval.tokenTtlMs()),
            event(id, AuditEventType.PARTIAL_APPROVAL, operator, now, approval.note()),
            event(id, AuditEventType.APPROVED, operator, now, approval.note()),
            hitl.requiredApprovals());
    return switch (outcome) {
      case NOT_PENDING -> throw expiry.transitionFailure(id, now, OverrideRequestStatus.APPROVED);
      case ALREADY_APPROVED -> throw new AlreadyApprovedException(id, operator);
      case RECORDED -> {
        LOG.info("override request {}: approval by {} recorded, quorum not reached", id, operator);
        CoordinatorMetrics.partiallyApproved();
        yield Optional.empty();
      }
      case APPROVED -> {
        LOG.info("override request {} approved by {} with key {}", id, operator, signer.keyId());
        CoordinatorMetrics.approved(row.submittedAt(), now);
        yield Optional.of(envelope);
      }
    };
  }

  private static IssuedTokenRow tokenRow(
      OverrideTokenEnvelope envelope, String id, AuthoritySigner signer, Instant now, long ttlMs) {
    return new IssuedTokenRow(
        envelope.tokenId(),
        id,
        signer.keyId(),
        envelope.payload(),
        envelope.signature(),
        now,
        now.plusMillis(ttlMs),
        null);
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
  void deny(String id, DenyOverrideRequest body, Decider decider) {
    Decisions.Denial denial = Decisions.denial(body, signers, decider);
    Instant now = expiry.now();
    OverrideRequestRow row = expiry.requirePending(id, now, OverrideRequestStatus.DENIED);
    String operator = denial.signer().operatorId();
    AuditEventRow denied = event(id, AuditEventType.DENIED, operator, now, denial.note());
    if (!requests.deny(operator, denial.note(), denied)) {
      throw expiry.transitionFailure(id, now, OverrideRequestStatus.DENIED);
    }
    LOG.info("override request {} denied by {}", id, operator);
    CoordinatorMetrics.denied(row.submittedAt(), now);
  }
}
