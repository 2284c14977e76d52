package io.causality.sim.db;

import java.util.List;

/**
 * Every DAO type of the simulation service, for {@code ServiceJdbi.describeOnce}: JDBI then
 * describes each once at start rather than on every call (docs/performance.md, "Simulation HTTP").
 * A DAO missing here still works, described again on each call.
 */
public final class SimDaos {
  public static final List<Class<?>> ALL =
      List.of(
          ApiKeyDao.class,
          AppliedTokenDao.class,
          EvaluationDao.class,
          ExperimentDao.class,
          IdempotencyKeyDao.class,
          InputDao.class,
          LicenseDao.class,
          MonitoringDao.class,
          MembershipDao.class,
          OrganizationDao.class,
          ProphecyDao.class,
          SimulationChangeDao.class,
          SimulationDao.class,
          SnapshotDao.class,
          StatusChangeDao.class,
          UsageDao.class);

  private SimDaos() {}
}
