package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.coordinator.db.RedemptionTransaction;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestList;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.Pagination;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;

/**
 * The override-request lifecycle: submit, list, get, approve, deny and redeem.
 *
 * <p>Every state change is decided in the database by a conditional UPDATE (see the {@code db}
 * package), so the rules hold across threads and across coordinator instances sharing one database.
 * Bodies come with the shape their constraints describe (the resources take them with
 * {@code @Valid}); this class applies the rules beyond shape. PENDING requests past their expiry
 * are moved to EXPIRED lazily, before list, get, approve, deny and the gating of a submission;
 * exactly one caller writes the EXPIRED audit event. Times come from the injected clock at
 * millisecond precision.
 *
 * <p>This class is the one entry point and answers the reads; each job has its own class: {@link
 * OverrideSubmissions}, {@link OperatorDecisions}, {@link TokenRedemption}, and {@link LazyExpiry}
 * for the time and expiry they share.
 *
 * <p>Failures the caller caused are {@link OverrideException}s; anything else (database, signing)
 * is unexpected and surfaces as is.
 */
public final class OverrideService {

  /** The audit actor of lazy expiry. */
  public static final String COORDINATOR_ACTOR = "coordinator";

  private final OverrideRequestDao requests;
  private final LazyExpiry expiry;
  private final ActivePolicy active;
  private final TokenRedemption redemption;
  private volatile Bound bound;

  /**
   * What decides under one policy snapshot, rebuilt (cheaply: no I/O) when a reload swapped the
   * snapshot; a call takes one and uses it throughout.
   */
  private record Bound(
      PolicySnapshot snapshot,
      RecordMapper records,
      OverrideSubmissions submissions,
      OperatorDecisions decisions) {}

  /**
   * @param jdbi the coordinator database, migrated; SqlObject plugin installed
   * @param dataSource the pool {@code jdbi} is built on, for the redemption's plain JDBC
   * @param clock the time source
   * @param policy the checked deployment policy; must have a hitl section
   * @param signers the checked authority signers
   * @param settings the configured lifetimes
   */
  public OverrideService(
      Jdbi jdbi,
      DataSource dataSource,
      Clock clock,
      DeploymentPolicy policy,
      AuthoritySigners signers,
      OverrideSettings settings) {
    this(jdbi, dataSource, clock, new ActivePolicy(new PolicySnapshot(policy, signers, settings)));
  }

  /**
   * @param jdbi the coordinator database, migrated; SqlObject plugin installed
   * @param dataSource the pool {@code jdbi} is built on, for the redemption's plain JDBC
   * @param clock the time source
   * @param active the policy and keys in force, which a reload may replace while serving
   */
  public OverrideService(Jdbi jdbi, DataSource dataSource, Clock clock, ActivePolicy active) {
    Objects.requireNonNull(jdbi, "jdbi");
    this.active = Objects.requireNonNull(active, "active");
    this.requests = jdbi.onDemand(OverrideRequestDao.class);
    this.expiry = new LazyExpiry(requests, Objects.requireNonNull(clock, "clock"));
    this.redemption = new TokenRedemption(new RedemptionTransaction(dataSource, jdbi), expiry);
    this.bound = bind(active.current());
  }

  private Bound bind(PolicySnapshot snapshot) {
    HitlPolicy hitl = snapshot.hitl();
    RecordMapper records = new RecordMapper(ProtocolJson.newMapper(), hitl.requiredApprovals());
    return new Bound(
        snapshot,
        records,
        new OverrideSubmissions(
            new SubmissionGate(requests, hitl.adaptiveEscalation()),
            expiry,
            records,
            snapshot.settings()),
        new OperatorDecisions(requests, expiry, snapshot));
  }

  /** The deciders of the snapshot in force, rebuilt once after a reload. */
  private Bound bound() {
    Bound current = bound;
    PolicySnapshot snapshot = active.current();
    if (current.snapshot() != snapshot) {
      current = bind(snapshot);
      bound = current;
    }
    return current;
  }

  /** Submits a request, the audit actor being its {@code source} label. */
  public SubmitOverrideResponse submit(SubmitOverrideRequest body) {
    return submit(body, Optional.empty());
  }

  /**
   * Submits a request.
   *
   * @param caller the authenticated caller, recorded as the SUBMITTED event's actor
   * @throws OverrideValidationException when a rule about the evaluation is broken
   * @throws DeduplicatedException when an equal request is PENDING (gating on)
   * @throws DenyCooldownException when the actor was denied recently (gating on)
   * @throws MaterialChangeRequiredException when the failure was denied before (gating on)
   */
  public SubmitOverrideResponse submit(SubmitOverrideRequest body, Optional<String> caller) {
    return bound().submissions().submit(body, caller);
  }

  /** A page of the requests that match, newest first; list items carry no audit trail. */
  public OverrideRequestList list(OverrideRequestQuery query) {
    expiry.expireDue(expiry.now());
    String status = query.status().map(Enum::name).orElse(null);
    String actor = query.actorId().orElse(null);
    List<OverrideRequestRow> rows = requests.page(status, actor, query.limit(), query.offset());
    RecordMapper records = bound().records();
    return new OverrideRequestList(
        rows.stream().map(row -> records.toRecord(row, null)).toList(),
        new Pagination(query.limit(), query.offset(), requests.count(status, actor)));
  }

  /**
   * Purges decided requests whose last use lies before {@code cutoff} (docs/coordinator.md,
   * "Retention"); their audit events stay. The number of requests purged.
   */
  public int purgeDecidedBefore(Instant cutoff) {
    return requests.purgeDecidedBefore(cutoff);
  }

  /** The full record with its audit trail. */
  public Optional<OverrideRequestRecord> find(String id) {
    Instant now = expiry.now();
    var found = requests.findWithAudit(id);
    if (found.isPresent() && LazyExpiry.isDue(found.get().request(), now)) {
      expiry.expire(id, now);
      found = requests.findWithAudit(id);
    }
    RecordMapper records = bound().records();
    return found.map(r -> records.toRecord(r.request(), r.audit()));
  }

  /**
   * The full record with its audit trail.
   *
   * @throws OverrideRequestNotFoundException for an unknown id
   */
  public OverrideRequestRecord get(String id) {
    return find(id).orElseThrow(() -> new OverrideRequestNotFoundException(id));
  }

  /**
   * Approves a PENDING request as the operator of the key named in the body (no callers configured)
   * and issues its signed token; for a policy whose quorum is one approval.
   *
   * @throws IllegalStateException when the approval was recorded but the quorum is not complete
   */
  public OverrideTokenEnvelope approve(String id, ApproveOverrideRequest body) {
    return approve(id, body, Decider.UNAUTHENTICATED)
        .issued()
        .orElseThrow(() -> new IllegalStateException("the policy needs more approvals"));
  }

  /**
   * Counts an operator's approval of a PENDING request. When it brings the distinct approving
   * operators to the policy's {@code hitl.requiredApprovals}, the token is signed and issued and
   * the request becomes APPROVED (exactly once, decided in the database); before that the approval
   * is recorded and the request stays PENDING.
   *
   * @param decider the authenticated operator, or {@link Decider#UNAUTHENTICATED} without callers
   * @return the token, or the updated record while more approvals are needed
   * @throws OverrideValidationException for an unknown keyId, or a missing one that does not follow
   *     from the operator's keys
   * @throws ForbiddenKeyException when the key is another operator's
   * @throws SelfApprovalException when the decider submitted the request or is its actor
   * @throws AlreadyApprovedException when this operator approved the request before
   * @throws OverrideRequestNotFoundException for an unknown id
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  public OverrideApproval approve(String id, ApproveOverrideRequest body, Decider decider) {
    return bound()
        .decisions()
        .approve(id, body, decider)
        .map(token -> new OverrideApproval(token, null))
        .orElseGet(() -> new OverrideApproval(null, get(id)));
  }

  /** Denies a PENDING request as the operator of the key named in the body. */
  public OverrideRequestRecord deny(String id, DenyOverrideRequest body) {
    return deny(id, body, Decider.UNAUTHENTICATED);
  }

  /**
   * Denies a PENDING request; one denial denies, whatever approvals it had.
   *
   * @param decider the authenticated operator, or {@link Decider#UNAUTHENTICATED} without callers
   * @return the updated record
   * @throws OverrideValidationException for an unknown keyId, or a missing one that does not follow
   *     from the operator's keys
   * @throws ForbiddenKeyException when the key is another operator's
   * @throws OverrideRequestNotFoundException for an unknown id
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  public OverrideRequestRecord deny(String id, DenyOverrideRequest body, Decider decider) {
    bound().decisions().deny(id, body, decider);
    return get(id);
  }

  /** Redeems a token, the audit actor being {@code redeemer}. */
  public RedeemResponse redeem(RedeemRequest body) {
    return redeem(body, Optional.empty());
  }

  /**
   * Redeems a token. Checks, in order: the token exists (UNKNOWN_TOKEN), the request hash, policy
   * version, license and actor match its binding (BINDING_MISMATCH), it has not expired (EXPIRED);
   * then the conditional update decides ACCEPTED or REPLAY_DETECTED. ACCEPTED also moves the
   * request APPROVED to REDEEMED with a REDEEMED audit event.
   *
   * @param caller the authenticated caller, recorded as the REDEEMED event's actor
   * @throws OverrideValidationException without a body (its shape is checked at the resource)
   */
  public RedeemResponse redeem(RedeemRequest body, Optional<String> caller) {
    return redemption.redeem(body, caller);
  }
}
