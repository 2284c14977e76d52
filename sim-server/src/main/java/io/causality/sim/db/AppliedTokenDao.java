package io.causality.sim.db;

import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The override tokens this service applied: a second guard of single use that does not depend on
 * the coordinator (docs/evaluation.md, "Override tokens").
 */
@RegisterConstructorMapper(AppliedTokenRow.class)
public interface AppliedTokenDao {
  /** Whether the token was applied here before. */
  @SqlQuery("SELECT COUNT(*) FROM applied_override_tokens WHERE token_id = :tokenId")
  int countApplied(String tokenId);

  /** The record of the token's application here, if it was applied. */
  @SqlQuery(
      """
      SELECT token_id, request_id, applied_at FROM applied_override_tokens
      WHERE token_id = :tokenId
      """)
  Optional<AppliedTokenRow> find(String tokenId);

  /**
   * Records the token as applied; a second record of one token breaks the primary key (SQL state
   * 23505), which the caller reads as a replay.
   */
  @SqlUpdate(
      """
      INSERT INTO applied_override_tokens (token_id, request_id, applied_at)
      VALUES (:tokenId, :requestId, :appliedAt)
      """)
  void insert(String tokenId, String requestId, Instant appliedAt);
}
