package io.causality.hitl.coordinator.db;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.CreateSqlObject;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/**
 * Issued tokens and their single redemption. Whether a redemption is the first is decided by the
 * row count of {@link #markRedeemed}, a conditional UPDATE: of any number of concurrent
 * redemptions, on any number of coordinator instances sharing the database, exactly one updates the
 * row.
 */
@RegisterRowMapper(IssuedTokenRowMapper.class)
public interface IssuedTokenDao {

  @CreateSqlObject
  OverrideRequestDao overrideRequests();

  @CreateSqlObject
  AuditEventDao auditEvents();

  @SqlUpdate(
      """
            INSERT INTO issued_tokens
                (token_id, coordinator_request_id, key_id, payload, signature,
                 issued_at, expires_at, redeemed_at)
            VALUES
                (:tokenId, :coordinatorRequestId, :keyId, :payload, :signature,
                 :issuedAt, :expiresAt, :redeemedAt)
            """)
  void insert(@BindMethods IssuedTokenRow token);

  @SqlQuery("SELECT * FROM issued_tokens WHERE token_id = :tokenId")
  Optional<IssuedTokenRow> findById(String tokenId);

  @SqlUpdate(
      """
            UPDATE issued_tokens SET redeemed_at = :now
            WHERE token_id = :tokenId AND redeemed_at IS NULL
            """)
  int markRedeemed(String tokenId, Instant now);

  /**
   * Redeems a token: marks it redeemed, moves its request APPROVED to REDEEMED and writes the
   * REDEEMED event, all or nothing.
   *
   * @return true for the one redemption that won; false when the token was redeemed before
   */
  @Transaction
  default boolean redeem(IssuedTokenRow token, AuditEventRow redeemed) {
    if (markRedeemed(token.tokenId(), redeemed.occurredAt()) != 1) {
      return false;
    }
    if (overrideRequests().markRedeemed(token.coordinatorRequestId()) != 1) {
      // Rolls back the redemption: a token whose request is not APPROVED is corrupt.
      throw new IllegalStateException(
          "request " + token.coordinatorRequestId() + " of a redeemed token is not APPROVED");
    }
    auditEvents().insert(redeemed);
    return true;
  }
}
