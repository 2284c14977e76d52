package io.causality.hitl.coordinator.db;

import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Issued tokens. A token is inserted by the approval that issues it ({@link
 * OverrideRequestDao#approve}); its single redemption is {@link RedemptionTransaction}'s, decided
 * by the row count of a conditional UPDATE: of any number of concurrent redemptions, on any number
 * of coordinator instances sharing the database, exactly one updates the row.
 */
@RegisterRowMapper(IssuedTokenRowMapper.class)
public interface IssuedTokenDao {

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
}
