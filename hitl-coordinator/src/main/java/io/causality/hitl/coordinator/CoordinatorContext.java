package io.causality.hitl.coordinator;

import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.hitl.coordinator.auth.CallerAuthenticator;
import io.causality.hitl.coordinator.auth.OperatorCallers;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.db.CoordinatorDaos;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain objects of the coordinator, built once (as Marquez's {@code MarquezContext}) after the
 * checks that can fail before serving: the checked policy and authority keys, the callers and the
 * override service over the database.
 */
record CoordinatorContext(
    StartupReport checked,
    CallerAuthenticator callers,
    OverrideService overrides,
    AuditTrail audit) {
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorContext.class);

  /** Checks the policy and keys, opens (and migrates, if configured) the database. */
  static CoordinatorContext open(
      CoordinatorConfiguration configuration, Environment environment, Clock clock) {
    StartupReport checked = checkPolicyAndKeys(configuration);
    OperatorCallers.check(
        configuration.getCallers(), checked.policy(), configuration.getPolicy().policyFile());
    CallerAuthenticator callers = new CallerAuthenticator(configuration.getCallers());
    Jdbi jdbi = openDatabase(configuration, environment);
    OverrideService overrides =
        new OverrideService(
            jdbi,
            clock,
            checked.policy(),
            checked.signers(),
            configuration.buildOverrideSettings());
    return new CoordinatorContext(checked, callers, overrides, chainedAuditTrail(jdbi));
  }

  /** The spec's five checks, and the policy's signature when a trusted key is configured. */
  private static StartupReport checkPolicyAndKeys(CoordinatorConfiguration configuration) {
    StartupReport report =
        StartupChecks.run(
            configuration.getPolicy().policyFile(),
            configuration.getDefaultTokenTtlMs(),
            configuration.buildAuthorityKeys(),
            configuration.getPolicy().trustedKey());
    report.warnings().forEach(warning -> LOG.warn("Startup check: {}", warning));
    return report;
  }

  private static Jdbi openDatabase(CoordinatorConfiguration configuration, Environment env) {
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(env.metrics(), "database");
    if (configuration.isMigrateOnStart()) {
      StartupMigrations.apply(dataSource);
    }
    Jdbi jdbi = ServiceJdbi.build(env, factory, dataSource);
    ServiceJdbi.describeOnce(jdbi, CoordinatorDaos.ALL);
    return jdbi;
  }

  /**
   * The audit trail, with the events an older version wrote linked into the chain before anything
   * is served (docs/coordinator.md, "Audit chain").
   */
  private static AuditTrail chainedAuditTrail(Jdbi jdbi) {
    AuditTrail audit = new AuditTrail(jdbi);
    int linked = audit.chainExisting();
    if (linked > 0) {
      LOG.info("Audit chain: linked {} events written before the chain existed", linked);
    }
    return audit;
  }

  /** What the coordinator serves with, once everything is registered. */
  void logReady() {
    LOG.info(
        "Policy version {} with authorities {}; callers {}",
        checked.policy().policyVersion(),
        checked.signers().keyIds(),
        callers.isOpen() ? "not configured (open on loopback)" : "required");
  }
}
