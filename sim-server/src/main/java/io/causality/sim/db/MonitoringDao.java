package io.causality.sim.db;

import java.util.Map;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** What the metrics read from the database, at most once every few seconds (never per scrape). */
public interface MonitoringDao {
  /** Simulations by status, through the status index (changeset 037). */
  @SqlQuery("SELECT status, COUNT(*) AS simulations FROM simulations GROUP BY status")
  @KeyColumn("status")
  @ValueColumn("simulations")
  Map<String, Long> simulationsByStatus();
}
