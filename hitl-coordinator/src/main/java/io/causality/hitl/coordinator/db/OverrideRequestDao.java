package io.causality.hitl.coordinator.db;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jdbi.v3.core.transaction.TransactionIsolationLevel;
import org.jdbi.v3.sqlobject.CreateSqlObject;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * Override requests and their transitions. Each transition is a conditional UPDATE from the state
 * it leaves; the boolean of the transactional methods says whether this caller made the transition
 * (and so wrote its audit event) or found it already made.
 *
 * <p>Gating lookups compare a missing actor, intent or fingerprint as the empty string, so rows
 * stored without them still take part.
 */
@RegisterRowMapper(OverrideRequestRowMapper.class)
@RegisterRowMapper(ApprovalEvidenceMapper.class)
public interface OverrideRequestDao {

  @CreateSqlObject
  AuditEventDao auditEvents();

  @CreateSqlObject
  IssuedTokenDao issuedTokens();

  @CreateSqlObject
  ApprovalSignatureDao approvalSignatures();

  @SqlUpdate(
      """
            INSERT INTO override_requests
                (coordinator_request_id, status, evaluation_request, evaluation_response,
                 request_hash, action_hash, license_id, actor_id, intent_id,
                 failure_fingerprint, source, submitted_at, request_expires_at,
                 sentinel_feed, sentinel_summary, operator_note, decided_by, decided_at,
                 token_id, pending_key, submitted_by, requester_org, requester_kind,
                 requester_id)
            VALUES
                (:coordinatorRequestId, :status, :evaluationRequest, :evaluationResponse,
                 :requestHash, :actionHash, :licenseId, :actorId, :intentId,
                 :failureFingerprint, :source, :submittedAt, :requestExpiresAt,
                 :sentinelFeed, :sentinelSummary, :operatorNote, :decidedBy, :decidedAt,
                 :tokenId, :pendingKey, :submittedBy, :requesterOrg, :requesterKind,
                 :requesterId)
            """)
  void insert(@BindMethods OverrideRequestRow row);

  /**
   * The columns of a request row and its count of approvals: the operators whose PARTIAL_APPROVAL
   * or APPROVED event is in the audit trail (each operator has at most one, see changeset 014).
   */
  String WITH_APPROVALS =
      """
            SELECT r.*,
                   (SELECT COUNT(*) FROM audit_events a
                    WHERE a.coordinator_request_id = r.coordinator_request_id
                      AND a.event_type IN ('PARTIAL_APPROVAL', 'APPROVED')) AS approvals
            FROM override_requests r
            """;

  @SqlQuery(WITH_APPROVALS + " WHERE r.coordinator_request_id = :id")
  Optional<OverrideRequestRow> findById(String id);

  /**
   * The condition of a list over its optional filters and the reader's organizations (all, or the
   * listed ones: a request of no organization is then left out). A null is cast to a type so that
   * PostgreSQL can tell the type of a parameter that is only compared with null.
   */
  String LIST_FILTER =
      """
       WHERE (CAST(:statusOrNull AS VARCHAR(16)) IS NULL OR r.status = :statusOrNull)
         AND (CAST(:actorIdOrNull AS VARCHAR(255)) IS NULL OR r.actor_id = :actorIdOrNull)
         AND (:allOrganizations OR r.requester_org IN (<organizations>))
      """;

  /** A page of the requests that match, newest first. */
  @SqlQuery(
      WITH_APPROVALS
          + LIST_FILTER
          + " ORDER BY r.submitted_at DESC, r.coordinator_request_id DESC"
          + " LIMIT :limit OFFSET :offset")
  List<OverrideRequestRow> page(
      String statusOrNull,
      String actorIdOrNull,
      boolean allOrganizations,
      @BindList(onEmpty = BindList.EmptyHandling.NULL_STRING) List<String> organizations,
      int limit,
      long offset);

  /** How many requests match. */
  @SqlQuery("SELECT COUNT(*) FROM override_requests r" + LIST_FILTER)
  long count(
      String statusOrNull,
      String actorIdOrNull,
      boolean allOrganizations,
      @BindList(onEmpty = BindList.EmptyHandling.NULL_STRING) List<String> organizations);

  /** Ids of PENDING requests whose expiry has come. */
  @SqlQuery(
      """
            SELECT coordinator_request_id FROM override_requests
            WHERE status = 'PENDING' AND request_expires_at <= :now
            """)
  List<String> findDuePending(Instant now);

  /** The oldest PENDING request of an (organization, actor, intent, fingerprint). */
  @SqlQuery(
      """
            SELECT coordinator_request_id FROM override_requests
            WHERE status = 'PENDING'
              AND COALESCE(requester_org, '') = :organization
              AND COALESCE(actor_id, '') = :actorId
              AND COALESCE(intent_id, '') = :intentId
              AND COALESCE(failure_fingerprint, '') = :fingerprint
            ORDER BY submitted_at
            FETCH FIRST 1 ROWS ONLY
            """)
  Optional<String> findPending(
      String organization, String actorId, String intentId, String fingerprint);

  /** The PENDING request holding a gating key. */
  @SqlQuery(
      """
            SELECT coordinator_request_id FROM override_requests
            WHERE pending_key = :pendingKey AND status = 'PENDING'
            """)
  Optional<String> findByPendingKey(String pendingKey);

  /** When the most recent denial of the actor of an organization was decided. */
  @SqlQuery(
      """
            SELECT MAX(decided_at) FROM override_requests
            WHERE status = 'DENIED' AND COALESCE(requester_org, '') = :organization
              AND COALESCE(actor_id, '') = :actorId
            """)
  Optional<Instant> latestDenialAt(String organization, String actorId);

  /** A denied request of the actor of an organization with this failure fingerprint. */
  @SqlQuery(
      """
            SELECT coordinator_request_id FROM override_requests
            WHERE status = 'DENIED'
              AND COALESCE(requester_org, '') = :organization
              AND COALESCE(actor_id, '') = :actorId
              AND COALESCE(failure_fingerprint, '') = :fingerprint
            ORDER BY decided_at DESC
            FETCH FIRST 1 ROWS ONLY
            """)
  Optional<String> findDenied(String organization, String actorId, String fingerprint);

  @SqlUpdate(
      """
            UPDATE override_requests SET status = 'EXPIRED', pending_key = NULL
            WHERE coordinator_request_id = :id AND status = 'PENDING'
              AND request_expires_at <= :now
            """)
  int markExpired(String id, Instant now);

  @SqlUpdate(
      """
            UPDATE override_requests
            SET status = 'APPROVED', pending_key = NULL, decided_by = :decidedBy,
                decided_at = :now, operator_note = :note, token_id = :tokenId
            WHERE coordinator_request_id = :id AND status = 'PENDING'
              AND request_expires_at > :now
            """)
  int markApproved(String id, Instant now, String decidedBy, String note, String tokenId);

  @SqlUpdate(
      """
            UPDATE override_requests
            SET status = 'DENIED', pending_key = NULL, decided_by = :decidedBy,
                decided_at = :now, operator_note = :note
            WHERE coordinator_request_id = :id AND status = 'PENDING'
              AND request_expires_at > :now
            """)
  int markDenied(String id, Instant now, String decidedBy, String note);

  /**
   * Locks a live PENDING request's row for the rest of the transaction, changing nothing: the
   * approvals of one request are then counted one after the other, on any instance.
   */
  @SqlUpdate(
      """
            UPDATE override_requests SET status = status
            WHERE coordinator_request_id = :id AND status = 'PENDING'
              AND request_expires_at > :now
            """)
  int lockPending(String id, Instant now);

  /** Whether the operator has approved the request (its PARTIAL_APPROVAL or APPROVED event). */
  @SqlQuery(
      """
            SELECT COUNT(*) FROM audit_events
            WHERE coordinator_request_id = :id AND actor_id = :operatorId
              AND event_type IN ('PARTIAL_APPROVAL', 'APPROVED')
            """)
  int approvalsBy(String id, String operatorId);

  /**
   * The PARTIAL_APPROVAL events of a request, each with its chain links and its operator's
   * signature, in one statement so that the head and the neighbours read agree.
   */
  @SqlQuery(
      """
            SELECT e.*,
                   s.operator_id AS signature_operator, s.key_id AS signature_key,
                   s.approved_at AS signature_approved_at, s.signature AS approval_signature,
                   (SELECT p.event_hash FROM audit_events p
                    WHERE p.chain_seq = e.chain_seq - 1) AS predecessor_hash,
                   (SELECT n.previous_hash FROM audit_events n
                    WHERE n.chain_seq = e.chain_seq + 1) AS successor_link,
                   h.last_seq AS head_seq, h.last_hash AS head_hash
            FROM audit_events e
            LEFT JOIN approval_signatures s ON s.event_id = e.id
            CROSS JOIN audit_chain_head h
            WHERE e.coordinator_request_id = :id AND e.event_type = 'PARTIAL_APPROVAL'
              AND h.id = 1
            ORDER BY e.occurred_at, e.id
            """)
  List<ApprovalEvidence> approvalEvidence(String id);

  /** Tokens whose requests were decided and which expired before {@code cutoff}. */
  @SqlUpdate(
      """
            DELETE FROM issued_tokens
            WHERE expires_at < :cutoff
              AND coordinator_request_id IN (
                SELECT coordinator_request_id FROM override_requests
                WHERE status IN ('APPROVED', 'REDEEMED'))
            """)
  int deleteExpiredTokens(Instant cutoff);

  /**
   * Decided requests whose last use lies before {@code cutoff}: denied before it, expired before
   * it, or approved and their token deleted (it expired before it). Their audit events stay.
   */
  @SqlUpdate(
      """
            DELETE FROM override_requests
            WHERE (status = 'DENIED' AND decided_at < :cutoff)
               OR (status = 'EXPIRED' AND request_expires_at < :cutoff)
               OR (status IN ('APPROVED', 'REDEEMED') AND decided_at < :cutoff
                   AND NOT EXISTS (SELECT 1 FROM issued_tokens
                       WHERE issued_tokens.coordinator_request_id
                           = override_requests.coordinator_request_id))
            """)
  int deleteDecidedBefore(Instant cutoff);

  /**
   * Purges what the retention setting no longer keeps: decided requests (and their tokens) whose
   * last use lies before {@code cutoff}; the number of requests purged.
   */
  @Transaction
  default int purgeDecidedBefore(Instant cutoff) {
    deleteExpiredTokens(cutoff);
    return deleteDecidedBefore(cutoff);
  }

  /** A request and its audit trail, read from one snapshot so they agree. */
  @Transaction(TransactionIsolationLevel.REPEATABLE_READ)
  default Optional<OverrideRequestWithAudit> findWithAudit(String id) {
    return findById(id).map(row -> new OverrideRequestWithAudit(row, auditEvents().listFor(id)));
  }

  /** Stores a new request and its SUBMITTED event together. */
  @Transaction
  default void insertSubmitted(OverrideRequestRow row, AuditEventRow submitted) {
    insert(row);
    auditEvents().insert(submitted);
  }

  /** Expires a due PENDING request; only the caller that flips it writes the event. */
  @Transaction
  default boolean expire(String id, Instant now, AuditEventRow expired) {
    if (markExpired(id, now) != 1) {
      return false;
    }
    auditEvents().insert(expired);
    return true;
  }

  /** Approves a live PENDING request, storing its token and the APPROVED event. */
  @Transaction
  default boolean approve(
      IssuedTokenRow token, String decidedBy, String note, AuditEventRow approved) {
    String id = token.coordinatorRequestId();
    if (markApproved(id, approved.occurredAt(), decidedBy, note, token.tokenId()) != 1) {
      return false;
    }
    issuedTokens().insert(token);
    auditEvents().insert(approved);
    return true;
  }

  /**
   * Counts one operator's approval of a live PENDING request. The request's row stays locked from
   * the first statement to the commit, so approvals of one request are counted one at a time across
   * threads and instances. The earlier approvals count only when {@code counts} says they do (the
   * core checks their chain links and their operators' signatures): the approval that brings the
   * counted operators to {@code requiredApprovals} approves the request, storing the token that
   * {@code issue} signs over the counted approvals, and the APPROVED event, exactly once, as {@link
   * #approve}; an earlier one writes its PARTIAL_APPROVAL event; an operator who approved before
   * changes nothing. The operator's signature is stored with whichever event is written.
   *
   * @param partial the operator's event when the quorum is not complete yet
   * @param approved the operator's event when this approval completes it (same id as {@code
   *     partial})
   * @param signature the operator's signature of this approval, for the event written
   * @param issue signs the token over the counted earlier approvals; called at most once
   */
  @Transaction
  default ApprovalOutcome recordApproval(
      AuditEventRow partial,
      AuditEventRow approved,
      ApprovalSignatureRow signature,
      int requiredApprovals,
      Predicate<ApprovalEvidence> counts,
      Function<List<ApprovalEvidence>, IssuedTokenRow> issue) {
    String id = approved.coordinatorRequestId();
    if (lockPending(id, approved.occurredAt()) != 1) {
      return ApprovalOutcome.NOT_PENDING;
    }
    if (approvalsBy(id, approved.actorId()) > 0) {
      return ApprovalOutcome.ALREADY_APPROVED;
    }
    List<ApprovalEvidence> counted = approvalEvidence(id).stream().filter(counts).toList();
    long operators = counted.stream().map(e -> e.event().event().actorId()).distinct().count();
    if (operators + 1 < requiredApprovals) {
      auditEvents().insert(partial);
      approvalSignatures().insert(signature);
      return ApprovalOutcome.RECORDED;
    }
    if (!approve(issue.apply(counted), approved.actorId(), approved.note(), approved)) {
      throw new IllegalStateException("request " + id + " changed while its row was locked");
    }
    approvalSignatures().insert(signature);
    return ApprovalOutcome.APPROVED;
  }

  /** Denies a live PENDING request and writes the DENIED event. */
  @Transaction
  default boolean deny(String decidedBy, String note, AuditEventRow denied) {
    String id = denied.coordinatorRequestId();
    if (markDenied(id, denied.occurredAt(), decidedBy, note) != 1) {
      return false;
    }
    auditEvents().insert(denied);
    return true;
  }
}
