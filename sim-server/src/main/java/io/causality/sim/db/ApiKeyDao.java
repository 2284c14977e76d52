package io.causality.sim.db;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** API keys, stored as their SHA-256 only. */
@RegisterRowMapper(ApiKeyRowMapper.class)
public interface ApiKeyDao {
  @SqlQuery("SELECT * FROM api_keys WHERE key_hash = :keyHash AND revoked_at IS NULL")
  Optional<ApiKeyRow> findActiveByHash(String keyHash);

  @SqlQuery("SELECT * FROM api_keys WHERE id = :id")
  Optional<ApiKeyRow> findById(UUID id);

  /** Revokes a key; answers 0 when it does not exist or was revoked already. */
  @SqlUpdate("UPDATE api_keys SET revoked_at = :now WHERE id = :id AND revoked_at IS NULL")
  int revoke(UUID id, Instant now);

  @SqlUpdate(
      """
      INSERT INTO api_keys (id, organization_id, key_hash, key_prefix, scopes, created_at)
      VALUES (:id, :organizationId, :keyHash, :keyPrefix, :scopes, :createdAt)
      """)
  void insert(
      UUID id,
      UUID organizationId,
      String keyHash,
      String keyPrefix,
      String scopes,
      Instant createdAt);
}
