package io.causality.sim.db;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.transaction.Transaction;

/** Organizations with their license: created together, read apart. */
@RegisterRowMapper(OrganizationRowMapper.class)
public interface OrganizationDao {
  @SqlUpdate(
      """
      INSERT INTO organizations (id, name, slug, avatar_url, created_at)
      VALUES (:id, :name, :slug, NULL, :createdAt)
      """)
  void insertOrganization(UUID id, String name, String slug, Instant createdAt);

  @SqlUpdate(
      """
      INSERT INTO licenses (id, organization_id, tier, status, current_period_start,
                            current_period_end, has_stripe_subscription, created_at)
      VALUES (:id, :organizationId, :tier, :status, :periodStart, :periodEnd, FALSE, :createdAt)
      """)
  void insertLicense(
      UUID id,
      UUID organizationId,
      String tier,
      String status,
      Instant periodStart,
      Instant periodEnd,
      Instant createdAt);

  /** An organization and its license in one transaction: never one without the other. */
  @Transaction
  default void insertWithLicense(
      OrganizationRow organization,
      UUID licenseId,
      String tier,
      String status,
      Instant periodStart,
      Instant periodEnd) {
    insertOrganization(
        organization.id(), organization.name(), organization.slug(), organization.createdAt());
    insertLicense(
        licenseId,
        organization.id(),
        tier,
        status,
        periodStart,
        periodEnd,
        organization.createdAt());
  }

  @SqlQuery("SELECT * FROM organizations WHERE slug = :slug")
  Optional<OrganizationRow> findBySlug(String slug);

  @SqlQuery("SELECT * FROM organizations WHERE id = :id")
  Optional<OrganizationRow> findById(UUID id);

  @SqlQuery("SELECT * FROM organizations WHERE id IN (<ids>) ORDER BY created_at, id")
  List<OrganizationRow> findByIds(@BindList("ids") Collection<UUID> ids);

  @SqlQuery("SELECT COUNT(*) FROM memberships WHERE organization_id = :id")
  long countMembers(UUID id);
}
