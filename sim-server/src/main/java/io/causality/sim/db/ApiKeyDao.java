package io.causality.sim.db;

import java.time.Instant;
import java.util.UUID;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** API keys, stored as their SHA-256 only. */
public interface ApiKeyDao {
  @SqlUpdate("""
      INSERT INTO api_keys (id, organization_id, key_hash, key_prefix, scopes, created_at)
      VALUES (:id, :organizationId, :keyHash, :keyPrefix, :scopes, :createdAt)
      """)
  void insert(@Bind("id") UUID id, @Bind("organizationId") UUID organizationId,
      @Bind("keyHash") String keyHash, @Bind("keyPrefix") String keyPrefix,
      @Bind("scopes") String scopes, @Bind("createdAt") Instant createdAt);
}
