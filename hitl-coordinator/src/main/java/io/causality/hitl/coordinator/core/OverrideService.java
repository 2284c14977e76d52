package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.crypto.AuthoritySigner;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.IssuedTokenDao;
import io.causality.hitl.coordinator.db.IssuedTokenRow;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.ApproveOverrideRequest;
import io.causality.hitl.protocol.AuditEventType;
import io.causality.hitl.protocol.DenyOverrideRequest;
import io.causality.hitl.protocol.DeploymentPolicy;
import io.causality.hitl.protocol.HitlPolicy;
import io.causality.hitl.protocol.OverrideRequestRecord;
import io.causality.hitl.protocol.OverrideRequestStatus;
import io.causality.hitl.protocol.OverrideTokenEnvelope;
import io.causality.hitl.protocol.OverrideTokenPayload;
import io.causality.hitl.protocol.ProtocolJson;
import io.causality.hitl.protocol.RedeemRequest;
import io.causality.hitl.protocol.RedeemResponse;
import io.causality.hitl.protocol.RedeemStatus;
import io.causality.hitl.protocol.SubmitOverrideRequest;
import io.causality.hitl.protocol.SubmitOverrideResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>Failures the caller caused are {@link OverrideException}s; anything else (database, signing)
 * is unexpected and surfaces as is.
 */
public final class OverrideService {

  /** The audit actor of lazy expiry. */
  public static final String COORDINATOR_ACTOR = "coordinator";

  private static final Logger LOG = LoggerFactory.getLogger(OverrideService.class);

  private final OverrideRequestDao requests;
  private final IssuedTokenDao tokens;
  private final Clock clock;
  private final DeploymentPolicy policy;
  private final HitlPolicy hitl;
  private final AuthoritySigners signers;
  private final OverrideSettings settings;
  private final SubmissionRules rules = new SubmissionRules();
  private final SubmissionGate gate;
  private final RecordMapper records;

  /**
   * @param jdbi the coordinator database, migrated; SqlObject plugin installed
   * @param clock the time source
   * @param policy the checked deployment policy; must have a hitl section
   * @param signers the checked authority signers
   * @param settings the configured lifetimes
   */
  public OverrideService(
      Jdbi jdbi,
      Clock clock,
      DeploymentPolicy policy,
      AuthoritySigners signers,
      OverrideSettings settings) {
    Objects.requireNonNull(jdbi, "jdbi");
    this.requests = jdbi.onDemand(OverrideRequestDao.class);
    this.tokens = jdbi.onDemand(IssuedTokenDao.class);
    this.clock = Objects.requireNonNull(clock, "clock");
    this.policy = Objects.requireNonNull(policy, "policy");
    this.hitl =
        policy
            .hitlSection()
            .orElseThrow(() -> new IllegalArgumentException("the policy has no hitl section"));
    this.signers = Objects.requireNonNull(signers, "signers");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.gate = new SubmissionGate(requests, hitl.adaptiveEscalation());
    this.records = new RecordMapper(ProtocolJson.newMapper());
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
    Submission submission = rules.check(body);
    Instant now = now();
    expireDue(now);
    String gatingKey = gate.check(submission, now);
    String id = UUID.randomUUID().toString();
    OverrideRequestRow row = newRow(id, body, submission, now, gatingKey);
    String actor =
        caller
            .or(() -> Optional.ofNullable(body.source()))
            .filter(name -> !name.isBlank())
            .orElse("submitter");
    gate.insert(row, event(id, AuditEventType.SUBMITTED, actor, now, null));
    LOG.info("override request {} submitted by {} for actor {}", id, actor, submission.actorId());
    return new SubmitOverrideResponse(id);
  }

  /** Requests newest first, optionally in one status; list items carry no audit trail. */
  public List<OverrideRequestRecord> list(Optional<OverrideRequestStatus> status) {
    expireDue(now());
    List<OverrideRequestRow> rows = status.map(requests::listByStatus).orElseGet(requests::listAll);
    return rows.stream().map(row -> records.toRecord(row, null)).toList();
  }

  /** The full record with its audit trail. */
  public Optional<OverrideRequestRecord> find(String id) {
    Instant now = now();
    var found = requests.findWithAudit(id);
    if (found.isPresent() && isDue(found.get().request(), now)) {
      expire(id, now);
      found = requests.findWithAudit(id);
    }
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
   * Approves a PENDING request and issues its signed token.
   *
   * @throws OverrideValidationException for a missing or unknown keyId
   * @throws OverrideRequestNotFoundException for an unknown id
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  public OverrideTokenEnvelope approve(String id, ApproveOverrideRequest body) {
    Decisions.Approval approval = Decisions.approval(body, signers, settings, hitl);
    Instant now = now();
    OverrideRequestRow row = requirePending(id, now, OverrideRequestStatus.APPROVED);
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
      throw transitionFailure(id, now, OverrideRequestStatus.APPROVED);
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
        policy.policyVersion(),
        row.licenseId(),
        row.actorId(),
        signer.operatorId(),
        signer.keyId(),
        now,
        now.plusMillis(ttlMs));
  }

  /**
   * Denies a PENDING request.
   *
   * @return the updated record
   * @throws OverrideValidationException for a missing or unknown keyId
   * @throws OverrideRequestNotFoundException for an unknown id
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  public OverrideRequestRecord deny(String id, DenyOverrideRequest body) {
    Decisions.Denial denial = Decisions.denial(body, signers);
    Instant now = now();
    requirePending(id, now, OverrideRequestStatus.DENIED);
    String operator = denial.signer().operatorId();
    AuditEventRow denied = event(id, AuditEventType.DENIED, operator, now, denial.note());
    if (!requests.deny(operator, denial.note(), denied)) {
      throw transitionFailure(id, now, OverrideRequestStatus.DENIED);
    }
    LOG.info("override request {} denied by {}", id, operator);
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
    Redemptions.requireBody(body);
    Optional<IssuedTokenRow> found = tokens.findById(body.tokenId());
    if (found.isEmpty()) {
      return RedeemResponse.of(RedeemStatus.UNKNOWN_TOKEN, body.tokenId());
    }
    Instant now = now();
    IssuedTokenRow token = found.get();
    return Redemptions.precheck(token, body, now)
        .orElseGet(() -> redeemOnce(token, caller.orElse("redeemer"), now));
  }

  private RedeemResponse redeemOnce(IssuedTokenRow token, String redeemer, Instant now) {
    String requestId = token.coordinatorRequestId();
    AuditEventRow redeemed = event(requestId, AuditEventType.REDEEMED, redeemer, now, null);
    if (tokens.redeem(token, redeemed)) {
      LOG.info("override token of request {} redeemed by {}", requestId, redeemer);
      return Redemptions.accepted(token, now);
    }
    LOG.warn("replayed override token of request {} refused", requestId);
    Instant first = tokens.findById(token.tokenId()).map(IssuedTokenRow::redeemedAt).orElse(null);
    return Redemptions.replay(token, first);
  }

  private OverrideRequestRow requirePending(String id, Instant now, OverrideRequestStatus target) {
    OverrideRequestRow row =
        requests.findById(id).orElseThrow(() -> new OverrideRequestNotFoundException(id));
    if (isDue(row, now)) {
      expire(id, now);
      throw new InvalidTransitionException(id, OverrideRequestStatus.EXPIRED, target);
    }
    if (row.status() != OverrideRequestStatus.PENDING) {
      throw new InvalidTransitionException(id, row.status(), target);
    }
    return row;
  }

  /** Why a conditional transition matched no row: someone else moved the request first. */
  private InvalidTransitionException transitionFailure(
      String id, Instant now, OverrideRequestStatus target) {
    OverrideRequestRow row =
        requests.findById(id).orElseThrow(() -> new OverrideRequestNotFoundException(id));
    if (isDue(row, now)) {
      expire(id, now);
      return new InvalidTransitionException(id, OverrideRequestStatus.EXPIRED, target);
    }
    return new InvalidTransitionException(id, row.status(), target);
  }

  private void expireDue(Instant now) {
    requests.findDuePending(now).forEach(id -> expire(id, now));
  }

  private void expire(String id, Instant now) {
    AuditEventRow expired = event(id, AuditEventType.EXPIRED, COORDINATOR_ACTOR, now, null);
    if (requests.expire(id, now, expired)) {
      LOG.info("override request {} expired", id);
    }
  }

  private static boolean isDue(OverrideRequestRow row, Instant now) {
    return row.status() == OverrideRequestStatus.PENDING && !now.isBefore(row.requestExpiresAt());
  }

  private OverrideRequestRow newRow(
      String id, SubmitOverrideRequest body, Submission s, Instant now, String gatingKey) {
    return new OverrideRequestRow(
        id,
        OverrideRequestStatus.PENDING,
        records.text(body.evaluationRequest()),
        records.text(body.evaluationResponse()),
        s.requestHash(),
        s.actionHash(),
        body.licenseId(),
        s.actorId(),
        s.intentId(),
        s.failureFingerprint(),
        body.source(),
        now,
        now.plusMillis(settings.pendingRequestTtlMs()),
        records.text(body.sentinelFeed()),
        records.text(body.sentinelSummary()),
        null,
        null,
        null,
        null,
        gatingKey);
  }

  private static AuditEventRow event(
      String requestId, AuditEventType type, String actor, Instant now, String note) {
    return new AuditEventRow(UUID.randomUUID().toString(), requestId, type, actor, now, note);
  }

  private Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }
}
