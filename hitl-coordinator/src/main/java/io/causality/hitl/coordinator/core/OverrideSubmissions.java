package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.LazyExpiry.event;

import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.Requester;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Submission: the rules beyond shape, adaptive gating, and the new PENDING row. */
final class OverrideSubmissions {
  private static final Logger LOG = LoggerFactory.getLogger(OverrideSubmissions.class);

  private final SubmissionRules rules = new SubmissionRules();
  private final SubmissionGate gate;
  private final LazyExpiry expiry;
  private final RecordMapper records;
  private final OverrideSettings settings;

  OverrideSubmissions(
      SubmissionGate gate, LazyExpiry expiry, RecordMapper records, OverrideSettings settings) {
    this.gate = gate;
    this.expiry = expiry;
    this.records = records;
    this.settings = settings;
  }

  /** See {@link OverrideService#submit(SubmitOverrideRequest, Optional)}. */
  SubmitOverrideResponse submit(SubmitOverrideRequest body, Optional<String> caller) {
    Submission submission = rules.check(body, requester(body, caller));
    Instant now = expiry.now();
    expiry.expireDue(now);
    String gatingKey = gate.check(submission, now);
    String id = UUID.randomUUID().toString();
    OverrideRequestRow row = newRow(id, body, submission, now, gatingKey, caller);
    String actor =
        caller
            .or(() -> Optional.ofNullable(body.source()))
            .filter(name -> !name.isBlank())
            .orElse("submitter");
    gate.insert(row, event(id, AuditEventType.SUBMITTED, actor, now, null));
    LOG.info("override request {} submitted by {} for actor {}", id, actor, submission.actorId());
    return new SubmitOverrideResponse(id);
  }

  /**
   * The requester a configured submitter vouched for. The open caller (no callers configured) is
   * anyone on this machine: what it says of a requester is dropped, and logged.
   */
  private static Requester requester(SubmitOverrideRequest body, Optional<String> caller) {
    if (body == null || body.requester() == null) {
      return null;
    }
    if (caller.isEmpty()) {
      LOG.warn(
          "A submission named a requester, dropped: without callers nobody vouches for it"
              + " (docs/coordinator.md, \"The requester\")");
      return null;
    }
    return body.requester();
  }

  private OverrideRequestRow newRow(
      String id,
      SubmitOverrideRequest body,
      Submission s,
      Instant now,
      String gatingKey,
      Optional<String> caller) {
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
        gatingKey,
        caller.orElse(null),
        s.organization(),
        s.requester() == null ? null : s.requester().kind().name(),
        s.requester() == null ? null : s.requester().id(),
        0);
  }
}
