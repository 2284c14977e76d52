package io.causality.sim.db;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Idempotency-Key claims. The primary key on the scope makes {@link #insertInFlight} the one place
 * that decides which request runs; every later change is conditional on the claim id, so a request
 * whose claim was taken over can no longer touch the row.
 */
@RegisterRowMapper(IdempotencyKeyRowMapper.class)
public interface IdempotencyKeyDao {
  String SCOPE =
      """
      caller_identity = :s.identity AND method = :s.method AND path = :s.path
      AND idempotency_key = :s.key""";

  /** Fails with a unique-key violation when the scope is claimed already. */
  @SqlUpdate(
      """
      INSERT INTO idempotency_keys (caller_identity, method, path, idempotency_key,
          request_hash, state, claim_id, created_at, expires_at)
      VALUES (:s.identity, :s.method, :s.path, :s.key, :requestHash, 'IN_FLIGHT', :claimId,
          :now, :expiresAt)
      """)
  void insertInFlight(
      @BindMethods("s") IdempotencyScope scope,
      String requestHash,
      UUID claimId,
      Instant now,
      Instant expiresAt);

  @SqlQuery("SELECT * FROM idempotency_keys WHERE " + SCOPE)
  Optional<IdempotencyKeyRow> find(@BindMethods("s") IdempotencyScope scope);

  @SqlUpdate(
      "UPDATE idempotency_keys SET state = 'COMPLETED', response_status = :status,"
          + " content_type = :contentType, response_body = :body"
          + " WHERE "
          + SCOPE
          + " AND claim_id = :claimId AND state = 'IN_FLIGHT'")
  int complete(
      @BindMethods("s") IdempotencyScope scope,
      UUID claimId,
      int status,
      String contentType,
      byte[] body);

  @SqlUpdate(
      "UPDATE idempotency_keys SET state = 'NOT_REPLAYABLE', response_status = :status"
          + " WHERE "
          + SCOPE
          + " AND claim_id = :claimId AND state = 'IN_FLIGHT'")
  int markNotReplayable(@BindMethods("s") IdempotencyScope scope, UUID claimId, int status);

  /** Frees the key of a request that was not stored, so that a retry runs anew. */
  @SqlUpdate(
      "DELETE FROM idempotency_keys WHERE "
          + SCOPE
          + " AND claim_id = :claimId AND state = 'IN_FLIGHT'")
  int release(@BindMethods("s") IdempotencyScope scope, UUID claimId);

  /** Hands an abandoned in-flight claim to a new request; 1 for exactly one contender. */
  @SqlUpdate(
      "UPDATE idempotency_keys SET claim_id = :newClaimId, created_at = :now,"
          + " expires_at = :expiresAt"
          + " WHERE "
          + SCOPE
          + " AND claim_id = :oldClaimId AND state = 'IN_FLIGHT'")
  int takeOver(
      @BindMethods("s") IdempotencyScope scope,
      UUID oldClaimId,
      UUID newClaimId,
      Instant now,
      Instant expiresAt);

  @SqlUpdate("DELETE FROM idempotency_keys WHERE " + SCOPE + " AND expires_at <= :now")
  int deleteIfExpired(@BindMethods("s") IdempotencyScope scope, Instant now);

  @SqlUpdate("DELETE FROM idempotency_keys WHERE expires_at <= :now")
  int deleteExpired(Instant now);

  /** Frees every claim still in flight that was made before {@code before}. */
  @SqlUpdate("DELETE FROM idempotency_keys WHERE state = 'IN_FLIGHT' AND created_at < :before")
  int releaseInFlightBefore(Instant before);
}
