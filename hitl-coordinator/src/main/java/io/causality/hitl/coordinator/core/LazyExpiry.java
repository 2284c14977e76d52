package io.causality.hitl.coordinator.core;

import io.causality.hitl.coordinator.db.AuditEventRow;
import io.causality.hitl.coordinator.db.OverrideRequestDao;
import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The coordinator's time and the lazy expiry it drives: PENDING requests past their expiry move to
 * EXPIRED when they are next looked at, and exactly one caller (the one whose conditional UPDATE
 * matches) writes the EXPIRED audit event. Times are the clock's at millisecond precision.
 */
final class LazyExpiry {
  private static final Logger LOG = LoggerFactory.getLogger(LazyExpiry.class);

  private final OverrideRequestDao requests;
  private final Clock clock;

  LazyExpiry(OverrideRequestDao requests, Clock clock) {
    this.requests = requests;
    this.clock = clock;
  }

  Instant now() {
    return clock.instant().truncatedTo(ChronoUnit.MILLIS);
  }

  /** Expires every due PENDING request. */
  void expireDue(Instant now) {
    requests.findDuePending(now).forEach(id -> expire(id, now));
  }

  void expire(String id, Instant now) {
    AuditEventRow expired =
        event(id, AuditEventType.EXPIRED, OverrideService.COORDINATOR_ACTOR, now, null);
    if (requests.expire(id, now, expired)) {
      LOG.info("override request {} expired", id);
    }
  }

  /**
   * The request about to be decided, still PENDING.
   *
   * @throws OverrideRequestNotFoundException for an unknown id, or one out of {@code scope}
   * @throws InvalidTransitionException when the request is not PENDING (or just expired)
   */
  OverrideRequestRow requirePending(
      String id, Instant now, OverrideRequestStatus target, OrganizationScope scope) {
    OverrideRequestRow row =
        requests.findById(id).orElseThrow(() -> new OverrideRequestNotFoundException(id));
    Decisions.requireInScope(row, scope);
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
  InvalidTransitionException transitionFailure(
      String id, Instant now, OverrideRequestStatus target) {
    OverrideRequestRow row =
        requests.findById(id).orElseThrow(() -> new OverrideRequestNotFoundException(id));
    if (isDue(row, now)) {
      expire(id, now);
      return new InvalidTransitionException(id, OverrideRequestStatus.EXPIRED, target);
    }
    return new InvalidTransitionException(id, row.status(), target);
  }

  static boolean isDue(OverrideRequestRow row, Instant now) {
    return row.status() == OverrideRequestStatus.PENDING && !now.isBefore(row.requestExpiresAt());
  }

  /** A new audit event of the request. */
  static AuditEventRow event(
      String requestId, AuditEventType type, String actor, Instant now, String note) {
    return event(UUID.randomUUID().toString(), requestId, type, actor, now, note);
  }

  /** A new audit event of the request with the given id. */
  static AuditEventRow event(
      String id, String requestId, AuditEventType type, String actor, Instant now, String note) {
    return new AuditEventRow(id, requestId, type, actor, now, note);
  }
}
