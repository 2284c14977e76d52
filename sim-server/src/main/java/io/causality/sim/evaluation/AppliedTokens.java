package io.causality.sim.evaluation;

import io.causality.common.db.UniqueViolation;
import io.causality.sim.db.AppliedTokenDao;
import io.causality.sim.db.AppliedTokenRow;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/**
 * The override tokens this service applied, kept in its own database: a token applied once is
 * refused locally, whatever a coordinator answers (a fake one, or one restored from a backup that
 * predates the redemption). Only a redemption the coordinator signed as ACCEPTED is recorded.
 */
public final class AppliedTokens {
  private final Jdbi jdbi;
  private final Clock clock;

  public AppliedTokens(Jdbi jdbi, Clock clock) {
    this.jdbi = Objects.requireNonNull(jdbi, "jdbi");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Whether the token was applied here before. */
  public boolean applied(String tokenId) {
    return jdbi.withExtension(AppliedTokenDao.class, dao -> dao.countApplied(tokenId)) > 0;
  }

  /** The record of applying the token here: to which evaluation request, and when. */
  public Optional<AppliedTokenRow> find(String tokenId) {
    return jdbi.withExtension(AppliedTokenDao.class, dao -> dao.find(tokenId));
  }

  /**
   * Records the token as applied to evaluation request {@code requestId}.
   *
   * @return false when it was recorded before (by this or a concurrent evaluation): a replay
   */
  public boolean record(String tokenId, String requestId) {
    try {
      jdbi.useExtension(
          AppliedTokenDao.class,
          dao -> dao.insert(tokenId, requestId, clock.instant().truncatedTo(ChronoUnit.MILLIS)));
      return true;
    } catch (JdbiException e) {
      if (UniqueViolation.in(e)) {
        return false;
      }
      throw e;
    }
  }
}
