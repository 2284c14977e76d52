package io.causality.benchmarks.baseline;

import java.util.Optional;
import java.util.UUID;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The baseline's one table, of the columns the simulation service's GET reads. */
@RegisterRowMapper(BaselineRowMapper.class)
public interface RowDao {
  @SqlUpdate(
      """
      CREATE TABLE IF NOT EXISTS simulations (
        id UUID PRIMARY KEY,
        organization_id UUID NOT NULL,
        scenario_id VARCHAR(100),
        engine_version VARCHAR(32) NOT NULL,
        status VARCHAR(20) NOT NULL,
        ticks_computed BIGINT NOT NULL,
        state_json CHARACTER VARYING(1000000) NOT NULL,
        created_at TIMESTAMP WITH TIME ZONE NOT NULL)
      """)
  void createTable();

  @SqlUpdate(
      """
      MERGE INTO simulations (id, organization_id, scenario_id, engine_version, status,
                              ticks_computed, state_json, created_at)
      KEY (id)
      VALUES (:id, :organizationId, :scenarioId, :engineVersion, :status, :ticks, :state,
              :createdAt)
      """)
  void replace(@BindMethods BaselineRow row);

  @SqlQuery(
      """
      SELECT id, organization_id, scenario_id, engine_version, status,
             ticks_computed, state_json, created_at
      FROM simulations WHERE id = :id
      """)
  Optional<BaselineRow> find(UUID id);
}
