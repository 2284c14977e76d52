package io.causality.hitl.coordinator;

import com.codahale.metrics.health.HealthCheckRegistry;
import io.causality.common.health.DiskSpaceHealthCheck;
import io.causality.common.health.HealthReport;
import io.causality.common.http.BearerChallenge;
import io.causality.common.http.HttpPlumbing;
import io.causality.common.metrics.DropwizardNames;
import io.causality.common.metrics.PrometheusEndpoint;
import io.causality.common.openapi.ApiDocsResource;
import io.causality.common.openapi.OpenApiResource;
import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.CallerAuthFilter;
import io.causality.hitl.coordinator.auth.RoleFeature;
import io.causality.hitl.coordinator.config.BindAddress;
import io.causality.hitl.coordinator.config.RetentionConfig;
import io.causality.hitl.coordinator.core.AuditChainWatch;
import io.causality.hitl.coordinator.core.AuditCheckpointer;
import io.causality.hitl.coordinator.core.RequestRetention;
import io.causality.hitl.coordinator.db.MonitoringDao;
import io.causality.hitl.coordinator.docs.CoordinatorOpenApi;
import io.causality.hitl.coordinator.errors.OverrideExceptionMapper;
import io.causality.hitl.coordinator.events.AuditEventStreams;
import io.causality.hitl.coordinator.metrics.CoordinatorMetrics;
import io.causality.hitl.coordinator.metrics.SubmissionRefusals;
import io.causality.hitl.coordinator.monitoring.AuditChainHealthCheck;
import io.causality.hitl.coordinator.monitoring.AuthorityKeysHealthCheck;
import io.causality.hitl.coordinator.monitoring.CoordinatorGauges;
import io.causality.hitl.coordinator.monitoring.WebhookBacklogHealthCheck;
import io.causality.hitl.coordinator.policy.StartupCheckException;
import io.causality.hitl.coordinator.ratelimit.CallerLimiters;
import io.causality.hitl.coordinator.ratelimit.RateLimitFilter;
import io.causality.hitl.coordinator.ratelimit.RateLimitedException;
import io.causality.hitl.coordinator.resources.AuditEventsResource;
import io.causality.hitl.coordinator.resources.HealthzResource;
import io.causality.hitl.coordinator.resources.OverrideRequestResource;
import io.causality.hitl.coordinator.resources.OverrideRequestsResource;
import io.causality.hitl.coordinator.resources.OverrideTokensResource;
import io.causality.hitl.coordinator.webhooks.Backoff;
import io.causality.hitl.coordinator.webhooks.WebhookDeliverer;
import io.causality.hitl.coordinator.webhooks.WebhookMetrics;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.causality.hitl.protocol.wire.RedeemStatus;
import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.jetty.HttpConnectorFactory;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What {@link CoordinatorApplication#run} registers with Jersey, one concern a method: the HTTP
 * plumbing, authentication, rate limits and the resources (as sim-server's {@code
 * SimRegistrations}).
 */
final class CoordinatorRegistrations {
  /** The webhook deliverer's Dropwizard metrics under Prometheus names. */
  private static final List<MapperConfig> WEBHOOK_METRIC_NAMES =
      List.of(
          DropwizardNames.fixed("webhooks.delivery-lag", "hitl_webhook_delivery_lag"),
          DropwizardNames.fixed("webhooks.delivered", "hitl_webhook_delivered"),
          DropwizardNames.fixed("webhooks.failed-attempts", "hitl_webhook_failed_attempts"),
          DropwizardNames.fixed("webhooks.permanently-failed", "hitl_webhook_permanently_failed"),
          DropwizardNames.fixed("webhooks.pending", "hitl_webhook_outbox_pending"),
          DropwizardNames.fixed("webhooks.failed", "hitl_webhook_outbox_failed"));

  private CoordinatorRegistrations() {}

  /**
   * Where the API listens, the shared HTTP plumbing with trace context (the audit events carry the
   * request's traceparent), and JSON as the protocol writes it.
   */
  static void httpPlumbing(CoordinatorConfiguration configuration, Environment environment) {
    listenOn(configuration);
    HttpPlumbing.install(environment, configuration.getServerFactory());
    HttpPlumbing.trace(
        environment,
        configuration.getTracing().build(CoordinatorVersion.NAME, environment.lifecycle()));
    HttpPlumbing.limitRequestBodies(environment, configuration.getMaxRequestBodySize().toBytes());
    HttpPlumbing.guardBrowsers(
        environment, configuration.getServerFactory(), configuration.getPublicNames(), false);
    HttpPlumbing.protectAdmin(
        environment, configuration.getAdmin().buildToken(CoordinatorVersion.NAME));
    ProtocolJson.configure(environment.getObjectMapper());
  }

  /**
   * The seed's {@code bind} decides where the API listens; Dropwizard's {@code server} block still
   * configures the admin connector, threads and the request log.
   */
  private static void listenOn(CoordinatorConfiguration configuration) {
    BindAddress bind = configuration.bindAddress();
    if (configuration.getCallers().isEmpty() && !bind.isLoopback()) {
      throw new StartupCheckException(
          "bind "
              + configuration.getBind()
              + " is not a loopback "
              + "address: configure callers (bearer tokens) before exposing the coordinator");
    }
    if (!(configuration.getServerFactory() instanceof DefaultServerFactory server)) {
      throw new StartupCheckException("server.type must be 'default' for the coordinator");
    }
    HttpConnectorFactory api = new HttpConnectorFactory();
    api.setBindHost(bind.host());
    api.setPort(bind.port());
    server.setApplicationConnectors(List.of(api));
  }

  /** Caller bearer tokens, the role of each method, and the challenge of a refused token. */
  static void authentication(Environment environment, CoordinatorContext context) {
    String realm = CoordinatorVersion.NAME;
    environment
        .jersey()
        .register(new AuthDynamicFeature(new CallerAuthFilter(context.callers(), realm)));
    environment.jersey().register(new AuthValueFactoryProvider.Binder<>(Caller.class));
    environment.jersey().register(new RoleFeature());
    environment.jersey().register(new BearerChallenge(realm));
  }

  /**
   * Per-caller limits of redemptions and submissions, per-organization limits of submissions that
   * name their requester, unless {@code rateLimits.enabled} is off.
   */
  static void rateLimits(
      CoordinatorConfiguration configuration,
      Environment environment,
      Supplier<Long> nanoTime,
      Clock clock) {
    if (configuration.getRateLimits().isEnabled()) {
      CallerLimiters limiters = new CallerLimiters(configuration.getRateLimits(), nanoTime);
      environment.jersey().register(new RateLimitFilter(limiters, clock));
      environment.jersey().register(new RateLimitedException.Mapper());
    }
  }

  /**
   * {@code /prometheus} on the admin port with the domain metrics, and the health checks beyond the
   * database's (docs/operations.md, "Metrics" and "Health checks").
   */
  static void monitoring(
      CoordinatorConfiguration configuration,
      Environment environment,
      CoordinatorContext context,
      Clock clock) {
    PrometheusRegistry registry =
        PrometheusEndpoint.install(
            environment,
            DropwizardNames.rules("io.causality.hitl.coordinator", WEBHOOK_METRIC_NAMES));
    CoordinatorMetrics.registerWith(
        registry, Arrays.stream(RedeemStatus.values()).map(RedeemStatus::name).toList());
    environment.jersey().register(new SubmissionRefusals(environment.getObjectMapper()));
    AuditChainWatch chain = new AuditChainWatch(context.audit());
    MonitoringDao dao = context.jdbi().onDemand(MonitoringDao.class);
    new CoordinatorGauges(dao, clock, configuration.getMonitoring())
        .register(
            registry,
            Arrays.stream(OverrideRequestStatus.values()).map(Enum::name).toList(),
            chain,
            context.webhooks(),
            Duration.ofMillis(configuration.getPendingRequestTtlMs()));
    HealthCheckRegistry checks = environment.healthChecks();
    checks.register(AuditChainHealthCheck.NAME, new AuditChainHealthCheck(chain));
    checks.register(
        AuthorityKeysHealthCheck.NAME,
        new AuthorityKeysHealthCheck(
            () -> context.checked().policy(), () -> context.checked().signers()));
    checks.register(
        WebhookBacklogHealthCheck.NAME,
        new WebhookBacklogHealthCheck(
            context.webhooks(),
            dao,
            clock,
            configuration.getWebhooks().getMaxPendingAge().toJavaDuration()));
    checks.register(
        DiskSpaceHealthCheck.NAME,
        new DiskSpaceHealthCheck(
            DiskSpaceHealthCheck.folderOf(configuration.buildDataSourceFactory().getUrl()),
            configuration.getMonitoring().getMinFreeDiskSpace()));
  }

  /**
   * The webhook deliverer and its metrics, when endpoints are configured; without them no thread
   * runs (the events are not queued either).
   */
  static void webhooks(
      CoordinatorConfiguration configuration,
      Environment environment,
      CoordinatorContext context,
      Clock clock) {
    var webhooks = configuration.getWebhooks();
    if (webhooks.getEndpoints().isEmpty()) {
      return;
    }
    Backoff backoff =
        new Backoff(
            Duration.ofMillis(webhooks.getInitialBackoff().toMilliseconds()),
            Duration.ofMillis(webhooks.getMaxBackoff().toMilliseconds()),
            new Random());
    WebhookMetrics metrics = new WebhookMetrics(environment.metrics(), context.webhooks());
    environment
        .lifecycle()
        .manage(new WebhookDeliverer(context.webhooks(), webhooks, clock, backoff, metrics));
  }

  /** The sweep of decided requests past their retention, when one is configured. */
  static void retention(
      CoordinatorConfiguration configuration,
      Environment environment,
      CoordinatorContext context,
      Clock clock) {
    RetentionConfig retention = configuration.getRetention();
    Duration every = Duration.ofMillis(retention.getSweepInterval().toMilliseconds());
    retention
        .keep()
        .ifPresent(
            keep ->
                environment
                    .lifecycle()
                    .manage(new RequestRetention(context.overrides(), clock, keep, every)));
  }

  /** A checkpoint of the audit chain's head every {@code audit.checkpointInterval}. */
  static void auditCheckpoints(
      CoordinatorConfiguration configuration,
      Environment environment,
      CoordinatorContext context,
      Clock clock) {
    environment
        .lifecycle()
        .manage(new AuditCheckpointer(context.audit(), clock, configuration.getAudit().interval()));
  }

  /** The live audit event streams, polled every half second and closed when the server stops. */
  private static AuditEventStreams auditStreams(
      Environment environment, CoordinatorContext context) {
    AuditEventStreams streams =
        new AuditEventStreams(context.audit(), Duration.ofMillis(500), Duration.ofSeconds(15));
    environment.lifecycle().manage(streams);
    environment.lifecycle().addEventListener(streams);
    return streams;
  }

  /** The answers to refused overrides, the resources, and their OpenAPI document. */
  static void resources(Environment environment, CoordinatorContext context) {
    environment.jersey().register(new OverrideExceptionMapper());
    HealthReport health =
        new HealthReport(
            environment.healthChecks(),
            CoordinatorVersion.NAME,
            CoordinatorVersion.version(),
            Set.of(WebhookBacklogHealthCheck.NAME));
    List<Object> resources =
        List.of(
            new HealthzResource(health),
            new OverrideRequestsResource(context.overrides()),
            new OverrideRequestResource(context.overrides()),
            new OverrideTokensResource(context.overrides()),
            new AuditEventsResource(context.audit(), auditStreams(environment, context)),
            new ApiDocsResource("Override Coordinator API"));
    resources.forEach(environment.jersey()::register);
    Set<Class<?>> documented = new LinkedHashSet<>();
    resources.forEach(resource -> documented.add(resource.getClass()));
    documented.add(OpenApiResource.class);
    environment
        .jersey()
        .register(
            new OpenApiResource(
                CoordinatorOpenApi.contract(
                    CoordinatorVersion.NAME, CoordinatorVersion.version(), documented)));
  }
}
