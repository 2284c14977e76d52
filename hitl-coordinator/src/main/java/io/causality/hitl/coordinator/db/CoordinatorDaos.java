package io.causality.hitl.coordinator.db;

import java.util.List;

/**
 * Every DAO type of the coordinator, for {@code ServiceJdbi.describeOnce}: JDBI then describes each
 * once at start rather than on every call (docs/performance.md, "Coordinator"). A DAO missing here
 * still works, described again on each call. {@link AuditChainStatements} is described through
 * {@link AuditEventDao}, the one type allowed to reach it.
 */
public final class CoordinatorDaos {
  public static final List<Class<?>> ALL =
      List.of(
          ApprovalSignatureDao.class,
          AuditCheckpointDao.class,
          AuditEventDao.class,
          IssuedTokenDao.class,
          MonitoringDao.class,
          OverrideRequestDao.class,
          WebhookDeliveryDao.class);

  private CoordinatorDaos() {}
}
