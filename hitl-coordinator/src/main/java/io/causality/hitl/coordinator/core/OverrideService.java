package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.coordinator.db.RedemptionTransaction;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestList;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
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
  private final KeyRing keys;
  private final OverrideSettings settings;
  private final OperatorDecisions decisions;
  private final TokenRedemption redemption;
  private volatile Bound bound;

  /**
   * The parts built from the policy's {@code hitl} section (the quorum shown in records, the
   * submission gate's adaptive escalation), for one set of keys in force. A reload swaps the set in
   * the {@link KeyRing}; the next call rebuilds them (cheaply: no I/O) and uses them throughout.
   */
  private record Bound(SigningKeys keys, RecordMapper records, OverrideSubmissions submissions) {}

  /**
   * @param jdbi the coordinator database, migrated; SqlObject plugin installed
   * @param dataSource the pool {@code jdbi} is built on, for the redemption's plain JDBC
   * @param clock the time source
   * @param keys the checked policy (with a hitl section), authority signers and the coordinator's
   *     own signer; every submission, decision and redemption reads the set in force when it
   *     happens, so a reload takes effect without a restart
   * @param settings the configured lifetimes (they change at the next start)
   */
  public OverrideService(
      Jdbi jdbi, DataSource dataSource, Clock clock, KeyRing keys, OverrideSettings settings) {
    Objects.requireNonNull(jdbi, "jdbi");
    this.keys = Objects.requireNonNull(keys, "keys");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.requests = jdbi.onDemand(OverrideRequestDao.class);
    this.expiry = new LazyExpiry(requests, Objects.requireNonNull(clock, "clock"));
    this.bound = bind(keys.current());
    this.decisions = new OperatorDecisions(requests, expiry, keys, settings);
    this.redemption =
        new TokenRedemption(new RedemptionTransaction(dataSource, jdbi), expiry, keys);
  }

  private Bound bind(SigningKeys current) {
    HitlPolicy hitl =
        current
            .policy()
            .hitlSection()
            .orElseThrow(() -> new IllegalArgumentException("the policy has no hitl section"));
    RecordMapper records = new RecordMapper(ProtocolJson.newMapper(), hitl.requiredApprovals());
    return new Bound(
        current,
        records,
        new OverrideSubmissions(
            new SubmissionGate(requests, hitl.adaptiveEscalation()), expiry, records, settings));
  }

  /** The parts of the keys in force, rebuilt once after a reload. */
  private Bound bound() {
    Bound current = bound;
    SigningKeys inForce = keys.current();
    if (current.keys() != inForce) {
      current = bind(inForce);
      bound = current;
    }
    return current;
  }

  /**
   * Submits a request as the open caller: the audit actor is its {@code source} label, and a
   * requester it names is dropped.
   */
  public SubmitOverrideResponse submit(SubmitOverrideRequest body) {
    return submit(body, Optional.empty());
  }

  /**
   * Submits a request.
   *
   * @param caller the authenticated submitter, recorded as the SUBMITTED event's actor; the
   *     requester the body names is kept only with one
   * @throws OverrideValidationException when a rule about the evaluation is broken
   * @throws DeduplicatedException when an equal request is PENDING (gating on)
   * @throws DenyCooldownException when the actor was denied recently (gating on)
   * @throws MaterialChangeRequiredException when the failure was denied before (gating on)
   */
  public SubmitOverrideResponse submit(SubmitOverrideRequest body, Optional<String> caller) {
    return bound().submissions().submit(body, caller);
  }

  /** A page of every request that matches, newest first; list items carry no audit trail. */
  public OverrideRequestList list(OverrideRequestQuery query) {
    return list(query, OrganizationScope.ALL);
  }

  /** A page of the requests of {@code scope} that match, newest first. */
  public OverrideRequestList list(OverrideRequestQuery query, OrganizationScope scope) {
    expiry.expireDue(expiry.now());
    String status = query.status().map(Enum::name).orElse(null);
    String actor = query.actorId().orElse(null);
    List<OverrideRequestRow> rows =
        requests.page(status, actor, scope.all(), scope.list(), query.limit(), query.offset());
    long total = requests.count(status, actor, scope.all(), scope.list());
    RecordMapper records = bound().records();
    return new OverrideRequestList(
        rows.stream().map(row -> records.toRecord(row, null)).toList(),
        new Pagination(query.limit(), query.offset(), total));
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
    return find(id, OrganizationScope.ALL);
  }

  /** The full record with its audit trail, when it is in the operator's {@code scope}. */
  public Optional<OverrideRequestRecord> find(String id, OrganizationScope scope) {
    return find(id, ReadScope.operator(scope));
  }

  /**
   * The full record with its audit trail, when {@code reader} sees it: an operator's organizations,
   * or a submitter's own submissions ({@link ReadScope}).
   */
  public Optional<OverrideRequestRecord> find(String id, ReadScope reader) {
    Instant now = expiry.now();
    var found = requests.findWithAudit(id).filter(r -> reader.allows(r.request()));
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
    return get(id, OrganizationScope.ALL);
  }

  /**
   * The full record with its audit trail, when it is in {@code scope}.
   *
   * @throws OverrideRequestNotFoundException for an unknown id, or one out of scope
   */
  public OverrideRequestRecord get(String id, OrganizationScope scope) {
    return get(id, ReadScope.operator(scope));
  }

  /**
   * The full record with its audit trail, when {@code reader} sees it.
   *
   * @throws OverrideRequestNotFoundException for an unknown id, or one the reader does not see (the
   *     same answer, so that it tells nothing of the ids of others)
   */
  public OverrideRequestRecord get(String id, ReadScope reader) {
    return find(id, reader).orElseThrow(() -> new OverrideRequestNotFoundException(id));
  }

  /**
   * Counts an operator's approval of a PENDING request, signed with the operator's authority key.
   * When it brings the distinct approving operators whose approvals verify to the policy's {@code
   * hitl.requiredApprovals}, the token is signed and issued, carrying every one of them, and the
   * request becomes APPROVED (exactly once, decided in the database); before that the approval is
   * recorded and the request stays PENDING.
   *
   * @param decider the authenticated operator
   * @return the token, or the updated record while more approvals are needed
   * @throws OverrideValidationException for an unknown keyId, or a missing one that does not follow
   *     from the operator's keys
   * @throws ForbiddenKeyException when the key is another operator's
   * @throws SelfApprovalException when the decider submitted the request or is its requester
   * @throws AlreadyApprovedException when this operator approved the request before
   * @throws OverrideRequestNotFoundException for an unknown id, or one out of the decider's scope
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  public OverrideApproval approve(String id, ApproveOverrideRequest body, Decider decider) {
    return decisions
        .approve(id, body, decider)
        .map(token -> new OverrideApproval(token, null))
        .orElseGet(() -> new OverrideApproval(null, get(id, decider.scope())));
  }

  /**
   * Denies a PENDING request; one denial denies, whatever approvals it had.
   *
   * @param decider the authenticated operator
   * @return the updated record
   * @throws OverrideValidationException for an unknown keyId, or a missing one that does not follow
   *     from the operator's keys
   * @throws ForbiddenKeyException when the key is another operator's
   * @throws OverrideRequestNotFoundException for an unknown id, or one out of the decider's scope
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  public OverrideRequestRecord deny(String id, DenyOverrideRequest body, Decider decider) {
    decisions.deny(id, body, decider);
    return get(id, decider.scope());
  }

  /** Redeems a token, the audit actor being {@code redeemer}. */
  public RedeemResponse redeem(RedeemRequest body) {
    return redeem(body, Optional.empty());
  }

  /**
   * Redeems a token. Checks, in order: the token exists (UNKNOWN_TOKEN), the request hash, policy
   * version, license and actor match its binding (BINDING_MISMATCH), it has not expired (EXPIRED);
   * then the conditional update decides ACCEPTED or REPLAY_DETECTED. ACCEPTED also moves the
   * request APPROVED to REDEEMED with a REDEEMED audit event. Every answer is signed with the
   * coordinator's own key over the token id, the request hash presented, the outcome and the
   * redeemer's nonce.
   *
   * @param caller the authenticated caller, recorded as the REDEEMED event's actor
   * @throws OverrideValidationException without a body (its shape is checked at the resource)
   */
  public RedeemResponse redeem(RedeemRequest body, Optional<String> caller) {
    return redemption.redeem(body, caller);
  }
}
