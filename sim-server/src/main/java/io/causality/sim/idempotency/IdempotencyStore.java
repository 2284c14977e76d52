package io.causality.sim.idempotency;

import io.causality.common.db.UniqueViolation;
import io.causality.sim.db.IdempotencyKeyDao;
import io.causality.sim.db.IdempotencyKeyRow;
import io.causality.sim.db.IdempotencyScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The spec's four Idempotency-Key rules over the {@code idempotency_keys} table, so that they hold
 * across threads, processes and restarts: the table's primary key decides which request runs, never
 * a Java lock.
 *
 * <p>A claim left in flight longer than {@code inFlightTimeout} (its process died, or its response
 * never reached the filters) is taken over by the next request with the same key and body, so a
 * crash does not block a key for 24 hours.
 */
public final class IdempotencyStore {
  /** The spec: keys expire after 24 hours. */
  public static final Duration TTL = Duration.ofHours(24);

  private static final Logger LOG = LoggerFactory.getLogger(IdempotencyStore.class);
  // Rows can vanish between a failed insert and the read (released, expired); try again then.
  private static final int ATTEMPTS = 3;

  private final Jdbi jdbi;
  private final Clock clock;
  private final Duration inFlightTimeout;

  public IdempotencyStore(Jdbi jdbi, Clock clock, Duration inFlightTimeout) {
    this.jdbi = Objects.requireNonNull(jdbi);
    this.clock = Objects.requireNonNull(clock);
    this.inFlightTimeout = Objects.requireNonNull(inFlightTimeout);
  }

  /** Claims the key for this request, or says why it may not run. */
  public IdempotencyOutcome begin(IdempotencyScope scope, String requestHash) {
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Optional<IdempotencyOutcome> outcome = attempt(scope, requestHash);
      if (outcome.isPresent()) {
        return outcome.get();
      }
    }
    // The key keeps changing hands under us: refuse rather than risk running twice.
    return new IdempotencyOutcome.InUse();
  }

  /** Stores the 2xx response of a claimed request for replay. */
  public void complete(
      IdempotencyOutcome.Claimed claim, int status, String contentType, byte[] body) {
    warnIfLost(
        claim, dao(d -> d.complete(claim.scope(), claim.claimId(), status, contentType, body)));
  }

  /** Remembers that the request completed although its response cannot be replayed. */
  public void markNotReplayable(IdempotencyOutcome.Claimed claim, int status) {
    warnIfLost(claim, dao(d -> d.markNotReplayable(claim.scope(), claim.claimId(), status)));
  }

  /** Frees the key of a request whose response is not stored, so a retry runs anew. */
  public void release(IdempotencyOutcome.Claimed claim) {
    dao(d -> d.release(claim.scope(), claim.claimId()));
  }

  /**
   * Frees every claim made before now: for a process that owns its database, at start, when any
   * claim still in flight belongs to a process that died. Answers how many.
   */
  public int releaseAbandonedClaims() {
    return dao(d -> d.releaseInFlightBefore(clock.instant()));
  }

  /** Deletes every expired key; answers how many. */
  public int purgeExpired() {
    return dao(d -> d.deleteExpired(clock.instant()));
  }

  private Optional<IdempotencyOutcome> attempt(IdempotencyScope scope, String requestHash) {
    Instant now = clock.instant();
    UUID claimId = UUID.randomUUID();
    if (tryInsert(scope, requestHash, claimId, now)) {
      return Optional.of(new IdempotencyOutcome.Claimed(scope, claimId));
    }
    return jdbi.withExtension(IdempotencyKeyDao.class, dao -> dao.find(scope))
        .flatMap(row -> decide(row, requestHash, now));
  }

  private boolean tryInsert(IdempotencyScope scope, String hash, UUID claimId, Instant now) {
    try {
      jdbi.useExtension(
          IdempotencyKeyDao.class,
          dao -> dao.insertInFlight(scope, hash, claimId, now, now.plus(TTL)));
      return true;
    } catch (UnableToExecuteStatementException e) {
      if (UniqueViolation.in(e)) {
        return false;
      }
      throw e;
    }
  }

  /** An existing row: expired (remove, try again), another body, running, or done. */
  private Optional<IdempotencyOutcome> decide(IdempotencyKeyRow row, String hash, Instant now) {
    if (!row.expiresAt().isAfter(now)) {
      dao(d -> d.deleteIfExpired(row.scope(), now));
      return Optional.empty();
    }
    if (!row.requestHash().equals(hash)) {
      return Optional.of(new IdempotencyOutcome.Reuse());
    }
    return switch (row.state()) {
      case IN_FLIGHT -> inFlight(row, now);
      case COMPLETED ->
          Optional.of(
              new IdempotencyOutcome.Replay(
                  row.responseStatus(), row.contentType(), row.responseBody()));
      case NOT_REPLAYABLE ->
          Optional.of(new IdempotencyOutcome.NotReplayable(row.responseStatus()));
    };
  }

  private Optional<IdempotencyOutcome> inFlight(IdempotencyKeyRow row, Instant now) {
    if (row.createdAt().plus(inFlightTimeout).isAfter(now)) {
      return Optional.of(new IdempotencyOutcome.InUse());
    }
    UUID claimId = UUID.randomUUID();
    int taken = dao(d -> d.takeOver(row.scope(), row.claimId(), claimId, now, now.plus(TTL)));
    if (taken == 0) {
      return Optional.empty();
    }
    LOG.warn(
        "Took over Idempotency-Key claim abandoned since {} by {}",
        row.createdAt(),
        row.scope().identity());
    return Optional.of(new IdempotencyOutcome.Claimed(row.scope(), claimId));
  }

  private void warnIfLost(IdempotencyOutcome.Claimed claim, int updated) {
    if (updated == 0) {
      LOG.warn(
          "Idempotency-Key claim of {} on {} {} was taken over before it completed;"
              + " its response is not stored",
          claim.scope().identity(),
          claim.scope().method(),
          claim.scope().path());
    }
  }

  private int dao(java.util.function.ToIntFunction<IdempotencyKeyDao> statement) {
    return jdbi.withExtension(IdempotencyKeyDao.class, statement::applyAsInt);
  }
}
