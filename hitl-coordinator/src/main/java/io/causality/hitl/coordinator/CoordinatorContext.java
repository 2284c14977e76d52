package io.causality.hitl.coordinator;

import io.causality.common.db.ServiceJdbi;
import io.causality.common.db.StartupMigrations;
import io.causality.hitl.coordinator.auth.CallerAuthenticator;
import io.causality.hitl.coordinator.auth.CallerTokens;
import io.causality.hitl.coordinator.auth.OperatorCallers;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.core.WebhookOutbox;
import io.causality.hitl.coordinator.crypto.CoordinatorSigner;
import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.db.CoordinatorDaos;
import io.causality.hitl.coordinator.db.UnchainedAuditEventsException;
import io.causality.hitl.coordinator.policy.CoordinatorKeyCheck;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.coordinator.policy.StartupChecks;
import io.causality.hitl.coordinator.policy.StartupReport;
import io.causality.hitl.coordinator.webhooks.WebhookChecks;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.db.ManagedDataSource;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain objects of the coordinator, built once (as Marquez's {@code MarquezContext}) after the
 * checks that can fail before serving: the checked policy and keys (in the one {@link KeyRing}, so
 * that a reload can swap them), the callers, the override service over the database, the audit
 * trail with its checkpoints, and the webhook outbox every audit event is queued in.
 */
record CoordinatorContext(
    StartupReport checked,
    Jdbi jdbi,
    KeyRing keys,
    CallerAuthenticator callers,
    OverrideService overrides,
    AuditTrail audit,
    WebhookOutbox webhooks) {
  private static final Logger LOG = LoggerFactory.getLogger(CoordinatorContext.class);

  /** Checks the policy and keys, opens (and migrates, if configured) the database. */
  static CoordinatorContext open(
      CoordinatorConfiguration configuration, Environment environment, Clock clock) {
    StartupReport checked = checkPolicyAndKeys(configuration);
    KeyRing keys = new KeyRing(signingKeys(configuration, checked));
    WebhookChecks.firstProblem(configuration.getWebhooks())
        .ifPresent(
            problem -> {
              throw new StartupCheckException(problem);
            });
    OperatorCallers.check(
        configuration.getCallers(), checked.policy(), configuration.getPolicy().policyFile());
    CallerAuthenticator callers = new CallerAuthenticator(configuration.getCallers());
    CallerTokens.warnings(configuration.getCallers())
        .forEach(warning -> LOG.warn("Startup check: {}", warning));
    DataSourceFactory factory = configuration.buildDataSourceFactory();
    ManagedDataSource dataSource = factory.build(environment.metrics(), "database");
    Jdbi jdbi = openDatabase(configuration, environment, factory, dataSource);
    // routes the audit events, and checkpoints the chain, before anything can write an event
    WebhookOutbox webhooks = WebhookOutbox.open(jdbi, webhookRoutes(configuration));
    AuditTrail.signCheckpoints(jdbi, keys, configuration.getAudit().getCheckpointEveryEvents());
    AuditTrail audit = chainedAuditTrail(jdbi, clock);
    OverrideService overrides =
        new OverrideService(jdbi, dataSource, clock, keys, configuration.buildOverrideSettings());
    return new CoordinatorContext(checked, jdbi, keys, callers, overrides, audit, webhooks);
  }

  /**
   * The checked authorities with the coordinator's own key, which must be the policy's {@code
   * coordinatorKey}.
   */
  private static SigningKeys signingKeys(
      CoordinatorConfiguration configuration, StartupReport checked) {
    List<String> warnings = new ArrayList<>();
    CoordinatorSigner coordinator =
        CoordinatorKeyCheck.load(
            checked.policy(),
            configuration.getPolicy().policyFile(),
            configuration.getCoordinatorKey().privateKeyFile(),
            warnings);
    warnings.forEach(warning -> LOG.warn("Startup check: {}", warning));
    return new SigningKeys(checked.policy(), checked.signers(), coordinator);
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
   * The audit trail, with the events an older version wrote linked into the chain once, before
   * anything is served, and the head checkpointed (docs/coordinator.md, "Audit chain"). An
   * unchained event found after that one-time linking stops the start.
   */
  private static AuditTrail chainedAuditTrail(Jdbi jdbi, Clock clock) {
    AuditTrail audit = new AuditTrail(jdbi);
    int linked;
    try {
      linked = audit.chainExisting();
    } catch (UnchainedAuditEventsException e) {
      throw new StartupCheckException("audit chain: " + e.getMessage(), e);
    }
    if (linked > 0) {
      LOG.info("Audit chain: linked {} events written before the chain existed", linked);
    }
    audit.checkpointHead(clock.instant().truncatedTo(ChronoUnit.MILLIS));
    return audit;
  }

  /** What the coordinator serves with, once everything is registered. */
  void logReady() {
    LOG.info(
        "Policy version {} with authorities {}, coordinator key {}; callers {}",
        checked.policy().policyVersion(),
        checked.signers().keyIds(),
        keys.current().coordinator().keyId(),
        callers.isOpen() ? "not configured (open mode, on loopback)" : "required");
    if (callers.isOpen()) {
      LOG.warn(
          "OPEN MODE: no callers are configured, so anyone on this machine may submit, list,"
              + " get and redeem without a token, and nobody can approve or deny (that needs an"
              + " authenticated operator). Configure callers: dev-init writes them for a"
              + " development set-up (docs/coordinator.md, \"Callers and roles\")");
    }
  }
}
