package io.causality.sim.db;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/** Memberships of JWT users in organizations. */
public interface MembershipDao {
  /** A user's memberships, as organization id and role. */
  record Membership(UUID organizationId, String role) {}

  @SqlQuery("SELECT organization_id, role FROM memberships WHERE user_id = :userId")
  @RegisterConstructorMapper(Membership.class)
  List<Membership> findByUser(String userId);

  @SqlUpdate(
      """
      UPDATE memberships SET role = :role
      WHERE organization_id = :organizationId AND user_id = :userId
      """)
  int updateRole(UUID organizationId, String userId, String role);

  @SqlUpdate(
      """
      INSERT INTO memberships (organization_id, user_id, role, created_at)
      VALUES (:organizationId, :userId, :role, :createdAt)
      """)
  void insert(UUID organizationId, String userId, String role, Instant createdAt);

  /**
   * Adds the user, or changes the role of a user who is already a member. Plain SQL rather than a
   * vendor upsert so that H2 and PostgreSQL run the same statements.
   */
  @Transaction
  default void upsert(UUID organizationId, String userId, String role, Instant createdAt) {
    if (updateRole(organizationId, userId, role) == 0) {
      insert(organizationId, userId, role, createdAt);
    }
  }
}
