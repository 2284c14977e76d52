package io.causality.sim.db;

import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** Licenses: one per organization at most. */
@RegisterRowMapper(LicenseRowMapper.class)
public interface LicenseDao {
  @SqlQuery("SELECT * FROM licenses WHERE organization_id = :organizationId")
  Optional<LicenseRow> findByOrganization(UUID organizationId);
}
