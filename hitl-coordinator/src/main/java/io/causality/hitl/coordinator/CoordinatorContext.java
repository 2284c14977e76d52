package io.causality.hitl.coordinator;

import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.hitl.coordinator.auth.CallerAuthenticator;
import io.causality.hitl.coordinator.auth.OperatorCallers;
import io.causality.hitl.coordinator.core.ActivePolicy;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.core.PolicySnapshot;
import io.causality.hitl.coordinator.core.WebhookOutbox;
import io.causality.hitl.coordinator.db.CoordinatorDaos;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.coordinator.webhooks.WebhookChecks;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain objects of the coordinator, built once (as Marquez's {@code MarquezContext}) after the
 * checks that can fail before serving: the checked policy and authority keys, the callers, the
 * override service over the database, and the webhook outbox every audit event is queued in. The
 * policy and keys in force live in {@code policy}, which a reload replaces.
 */
record CoordinatorContext(
    StartupReport checked,
    ActivePolicy policy,
    Jdbi jdbi,
    CallerAuthenticator callers,
    OverrideService overrides,
    AuditTrail audit,
    WebhookOutbox webhooks) {
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorContext.class);

  /** Checks the policy and keys, opens (and migrates, if configured) the database. */
  static CoordinatorContext open(
      CoordinatorConfiguration configuration, Environment environment, Clock clock) {
    StartupReport checked = checkPolicyAndKeys(configuration);
    WebhookChecks.firstProblem(configuration.getWebhooks())
        .ifPresent(
            problem -> {
              throw new StartupCheckException(problem);
            });
    OperatorCallers.check(
        configuration.getCallers(), checked.policy(), configuration.getPolicy().policyFile());
    CallerAuthenticator callers = new CallerAuthenticator(configuration.getCallers());
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(environment.metrics(), "database");
    Jdbi jdbi = openDatabase(configuration, environment, factory, dataSource);
    // routes the audit events before anything can write one
    WebhookOutbox webhooks = WebhookOutbox.open(jdbi, webhookRoutes(configuration));
    ActivePolicy policy =
        new ActivePolicy(
            new PolicySnapshot(
                checked.policy(), checked.signers(), configuration.buildOverrideSettings()));
    OverrideService overrides = new OverrideService(jdbi, dataSource, clock, policy);
    return new CoordinatorContext(
        checked, policy, jdbi, callers, overrides, chainedAuditTrail(jdbi), webhooks);
  }

  /** Each configured endpoint's name and the event types it takes (empty: all). */
  private static Map<String, Set<AuditEventType>> webhookRoutes(
      CoordinatorConfiguration configuration) {
    Map<String, Set<AuditEventType>> routes = new LinkedHashMap<>();
    configuration
        .getWebhooks()
        .getEndpoints()
        .forEach(endpoint -> routes.put(endpoint.name(), endpoint.eventTypeSet()));
    return routes;
  }

  /** The spec's five checks, and the policy's signature by the configured rules. */
  private static StartupReport checkPolicyAndKeys(CoordinatorConfiguration configuration) {
    StartupReport report =
        StartupChecks.run(
            configuration.getPolicy().policyFile(),
            configuration.getDefaultTokenTtlMs(),
            configuration.buildAuthorityKeys(),
            configuration.getPolicy().buildPolicyTrust());
    report.warnings().forEach(warning -> LOG.warn("Startup check: {}", warning));
    return report;
  }

  private static Jdbi openDatabase(
      CoordinatorConfiguration configuration,
      Environment env,
      DataSourceFactory factory,
      ManagedDataSource dataSource) {
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
