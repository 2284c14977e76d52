package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.LazyExpiry.event;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.db.ApprovalEvidence;
import io.causality.hitl.coordinator.db.ApprovalOutcome;
import io.causality.hitl.coordinator.db.ApprovalSignatureRow;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.coordinator.metrics.CoordinatorMetrics;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApprovalStatement;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.TokenApproval;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An operator's approval or denial of a PENDING request. An approval is signed by the operator's
 * own authority key and counts towards the policy's quorum ({@code hitl.requiredApprovals} distinct
 * operators) when its chain and signature verify ({@link ApprovalEvidenceCheck}); the one that
 * completes it issues the signed token, which carries every counted approval. One denial denies.
 */
final class OperatorDecisions {
  private static final Logger LOG = LoggerFactory.getLogger(OperatorDecisions.class);

  private final OverrideRequestDao requests;
  private final LazyExpiry expiry;
  private final KeyRing keys;
  private final OverrideSettings settings;

  OperatorDecisions(
      OverrideRequestDao requests, LazyExpiry expiry, KeyRing keys, OverrideSettings settings) {
    this.requests = requests;
    this.expiry = expiry;
    this.keys = keys;
    this.settings = settings;
  }

  /**
   * See {@link OverrideService#approve(String, ApproveOverrideRequest, Decider)}.
   *
   * @return the token when this approval completed the quorum; empty when it was recorded and more
   *     operators must approve
   */
  Optional<OverrideTokenEnvelope> approve(String id, ApproveOverrideRequest body, Decider decider) {
    SigningKeys current = keys.current();
    HitlPolicy hitl = current.policy().hitl();
    Instant now = expiry.now();
    Decisions.Approval approval =
        Decisions.approval(body, current.authorities(), settings, hitl, decider, now);
    OverrideRequestRow row =
        expiry.requirePending(id, now, OverrideRequestStatus.APPROVED, decider.scope());
    Decisions.requireOtherThanRequester(row, decider);
    AuthoritySigner signer = approval.signer();
    String operator = signer.operatorId();
    TokenApproval mine = signer.approve(statement(row, signer, now));
    String eventId = UUID.randomUUID().toString();
    AtomicReference<OverrideTokenEnvelope> issued = new AtomicReference<>();
    ApprovalOutcome outcome =
        requests.recordApproval(
            event(eventId, id, AuditEventType.PARTIAL_APPROVAL, operator, now, approval.note()),
            event(eventId, id, AuditEventType.APPROVED, operator, now, approval.note()),
            new ApprovalSignatureRow(eventId, id, operator, signer.keyId(), now, mine.signature()),
            hitl.requiredApprovals(),
            ApprovalEvidenceCheck.counts(row, current),
            counted -> {
              OverrideTokenPayload payload =
                  payload(row, signer, current.policy().policyVersion(), now, approval.tokenTtlMs())
                      .withApprovals(approvals(counted, mine));
              issued.set(signer.issue(payload));
              return tokenRow(issued.get(), id, signer, now, approval.tokenTtlMs());
            });
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
        yield Optional.of(issued.get());
      }
    };
  }

  /** The statement the operator's key signs: this request's binding, the operator, the time. */
  private static ApprovalStatement statement(
      OverrideRequestRow row, AuthoritySigner signer, Instant now) {
    return new ApprovalStatement(
        row.coordinatorRequestId(),
        row.requestHash(),
        row.actionHash(),
        row.licenseId(),
        row.actorId(),
        signer.operatorId(),
        signer.keyId(),
        now);
  }

  /** Every counted approval and this one, oldest first: what the token carries. */
  private static List<TokenApproval> approvals(List<ApprovalEvidence> counted, TokenApproval mine) {
    List<TokenApproval> all = new ArrayList<>();
    counted.forEach(e -> all.add(ApprovalEvidenceCheck.approvalOf(e.signature())));
    all.add(mine);
    all.sort(
        Comparator.comparing(TokenApproval::approvedAt).thenComparing(TokenApproval::operatorId));
    return all;
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

  private static OverrideTokenPayload payload(
      OverrideRequestRow row, AuthoritySigner signer, long policyVersion, Instant now, long ttlMs) {
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
    Decisions.Denial denial = Decisions.denial(body, keys.current().authorities(), decider);
    Instant now = expiry.now();
    OverrideRequestRow row =
        expiry.requirePending(id, now, OverrideRequestStatus.DENIED, decider.scope());
    String operator = denial.signer().operatorId();
    AuditEventRow denied = event(id, AuditEventType.DENIED, operator, now, denial.note());
    if (!requests.deny(operator, denial.note(), denied)) {
      throw expiry.transitionFailure(id, now, OverrideRequestStatus.DENIED);
    }
    LOG.info("override request {} denied by {}", id, operator);
    CoordinatorMetrics.denied(row.submittedAt(), now);
  }
}
