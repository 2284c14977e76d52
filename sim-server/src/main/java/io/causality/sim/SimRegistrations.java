package io.causality.sim;

import com.fasterxml.jackson.databind.DeserializationFeature;
import io.causality.common.db.DurableDatabase;
import io.causality.common.health.DiskSpaceHealthCheck;
import io.causality.common.health.HealthReport;
import io.causality.common.http.BearerChallenge;
import io.causality.common.http.HttpPlumbing;
import io.causality.common.metrics.DropwizardNames;
import io.causality.common.metrics.PrometheusEndpoint;
import io.causality.common.openapi.ApiDocsResource;
import io.causality.common.openapi.ContractDocument;
import io.causality.common.openapi.OpenApiResource;
import io.causality.common.tracing.Tracing;
import io.causality.hitl.protocol.wire.Decision;
import io.causality.hitl.protocol.wire.OverrideFailureReason;
import io.causality.hitl.protocol.wire.OverrideOutcomeStatus;
import io.causality.sim.admission.LargeBodyAdmission;
import io.causality.sim.auth.CallerAuthFilter;
import io.causality.sim.auth.CallerAuthenticator;
import io.causality.sim.auth.JwtVerifier;
import io.causality.sim.auth.ScopeFeature;
import io.causality.sim.config.IdempotencyFactory;
import io.causality.sim.core.SimulationStatus;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Tier;
import io.causality.sim.docs.OpenApiDocument;
import io.causality.sim.errors.DomainExceptionMapper;
import io.causality.sim.errors.EngineValidationExceptionMapper;
import io.causality.sim.errors.ExperimentsUnderWayExceptionMapper;
import io.causality.sim.errors.StreamLimitExceptionMapper;
import io.causality.sim.errors.UnknownAgentExceptionMapper;
import io.causality.sim.errors.WorkingMemoryExhaustedExceptionMapper;
import io.causality.sim.events.ConnectionTimeouts;
import io.causality.sim.events.LiveShutdown;
import io.causality.sim.events.SseFrameWriter;
import io.causality.sim.health.CoordinatorHealthCheck;
import io.causality.sim.idempotency.IdempotencyStore;
import io.causality.sim.metrics.ExperimentGauges;
import io.causality.sim.metrics.SimMetrics;
import io.causality.sim.metrics.SimulationGauges;
import io.causality.sim.ratelimit.RouteClass;
import io.causality.sim.resources.CallerResource;
import io.causality.sim.resources.EvaluationsResource;
import io.causality.sim.resources.ExperimentEventsResource;
import io.causality.sim.resources.ExperimentResource;
import io.causality.sim.resources.ExperimentsResource;
import io.causality.sim.resources.HealthResource;
import io.causality.sim.resources.OrganizationResource;
import io.causality.sim.resources.OrganizationUsageResource;
import io.causality.sim.resources.OrganizationsResource;
import io.causality.sim.resources.ScenarioResource;
import io.causality.sim.resources.ScenariosResource;
import io.causality.sim.resources.SimulationEvaluationResource;
import io.causality.sim.resources.SimulationEvaluationsResource;
import io.causality.sim.resources.SimulationEventLogResource;
import io.causality.sim.resources.SimulationEventsResource;
import io.causality.sim.resources.SimulationResource;
import io.causality.sim.resources.SimulationTimeControlResource;
import io.causality.sim.resources.SimulationsResource;
import io.causality.sim.usage.ApiCallFilter;
import io.causality.sim.usage.UsageFlusher;
import io.causality.sim.usage.UsageMeter;
import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.core.setup.Environment;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import jakarta.servlet.DispatcherType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@link SimApplication#run} registers with Jersey and the lifecycle, one concern a method:
 * the HTTP plumbing, authentication, limits, the usage meter, the event streams and the resources.
 * The order of the calls in {@code run} is the order of the filters of one priority and, reversed,
 * the order in which managed objects stop.
 */
final class SimRegistrations {
  private static final Logger LOG = LoggerFactory.getLogger(SimRegistrations.class);

  private SimRegistrations() {}

  /**
   * The shared HTTP plumbing (docs/architecture.md) with trace context, and JSON that refuses what
   * it guesses; the tracing the service's calls to the coordinator go on with.
   */
  static Tracing httpPlumbing(SimConfiguration configuration, Environment environment) {
    HttpPlumbing.install(environment, configuration.getServerFactory());
    Tracing tracing = configuration.getTracing().build(SimVersion.NAME, environment.lifecycle());
    HttpPlumbing.trace(environment, tracing);
    HttpPlumbing.limitRequestBodies(environment, configuration.getMaxRequestBodySize().toBytes());
    // the console is served here, and writes from its own pages
    HttpPlumbing.guardBrowsers(
        environment, configuration.getServerFactory(), configuration.getPublicNames(), true);
    HttpPlumbing.protectAdmin(environment, configuration.getAdmin().buildToken(SimVersion.NAME));
    strictJson(environment);
    return tracing;
  }

  /**
   * {@code /prometheus} on the admin port with the domain metrics, and the health checks beyond the
   * database's (docs/operations.md, "Metrics" and "Health checks").
   */
  static void monitoring(
      SimConfiguration configuration, Environment environment, SimContext context) {
    PrometheusRegistry registry =
        PrometheusEndpoint.install(
            environment, DropwizardNames.rules("io.causality.sim", List.of()));
    SimMetrics.registerWith(
        registry,
        wireNames(Tier.values(), Tier::wireName),
        wireNames(RouteClass.values(), RouteClass::name),
        wireNames(Decision.values(), Decision::name),
        overrideOutcomes());
    SimulationGauges.register(
        registry,
        context.jdbi(),
        configuration.getMonitoring(),
        wireNames(SimulationStatus.values(), SimulationStatus::toString));
    ExperimentGauges.register(registry, context.jdbi(), configuration.getMonitoring());
    environment
        .healthChecks()
        .register(
            DiskSpaceHealthCheck.NAME,
            new DiskSpaceHealthCheck(
                DiskSpaceHealthCheck.folderOf(configuration.buildDataSourceFactory().getUrl()),
                configuration.getMonitoring().getMinFreeDiskSpace()));
    configuration
        .getEvaluation()
        .buildHealthChecks(context.evaluation())
        .forEach(environment.healthChecks()::register);
  }

  private static <T> List<String> wireNames(T[] values, Function<T, String> name) {
    return Arrays.stream(values).map(name).toList();
  }

  /** {@code Applied} and every reason a presented token can be rejected for. */
  private static List<String> overrideOutcomes() {
    List<String> outcomes = new ArrayList<>();
    outcomes.add(OverrideOutcomeStatus.APPLIED.wireName());
    Arrays.stream(OverrideFailureReason.values())
        .map(OverrideFailureReason::wireName)
        .forEach(outcomes::add);
    return outcomes;
  }

  /** A typo'd field or 2.5 ticks is the client's mistake: say so rather than guess. */
  private static void strictJson(Environment environment) {
    environment
        .getObjectMapper()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
  }

  /**
   * API keys and, when auth.jwtSecret or auth.jwksUrl is set, bearer tokens of the configured
   * issuer and audience; then the scopes of each method.
   */
  static void authentication(
      SimConfiguration configuration, Environment environment, SimContext context) {
    Optional<JwtVerifier> jwt = configuration.getAuth().buildVerifier(context.clock());
    if (jwt.isEmpty()) {
      LOG.warn(
          "Neither auth.jwtSecret nor auth.jwksUrl is set: bearer tokens are refused, API keys"
              + " still work");
    }
    CallerAuthFilter filter =
        new CallerAuthFilter.Builder()
            .setAuthenticator(
                new CallerAuthenticator(
                    context.jdbi(),
                    jwt,
                    configuration.getAuth().getApiKeyCacheTtl().toJavaDuration()))
            .setPrefix("Bearer")
            .buildAuthFilter();
    environment.jersey().register(new AuthDynamicFeature(filter));
    environment.jersey().register(new AuthValueFactoryProvider.Binder<>(Caller.class));
    environment.jersey().register(new ScopeFeature());
    environment.jersey().register(new BearerChallenge(SimVersion.NAME));
  }

  /** Rate limits and idempotency keys: filters in front of every resource. */
  static void limits(SimConfiguration configuration, Environment environment, SimContext context) {
    // after the body limit's filter: a body over it is answered 413 without waiting for memory
    environment
        .servlets()
        .addFilter(
            "large-body-admission",
            new LargeBodyAdmission(
                context.memory(),
                configuration.getMaxRequestBodySize().toBytes(),
                environment.getObjectMapper()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
    configuration
        .getRateLimits()
        .build(
            context.organizations(),
            context.clock(),
            context.shared().map(cluster -> context.dataSource()),
            environment.lifecycle())
        .ifPresent(environment.jersey()::register);
    IdempotencyFactory idempotencyConfig = configuration.getIdempotency();
    IdempotencyStore idempotency = idempotencyConfig.buildStore(context.jdbi(), context.clock());
    // One process serves an embedded H2 file (the admin commands never claim keys); a shared
    // database may hold live claims of other instances, left to the in-flight timeout.
    boolean exclusive =
        DurableDatabase.isEmbeddedH2File(configuration.buildDataSourceFactory().getUrl());
    environment.lifecycle().manage(idempotencyConfig.buildCleaner(idempotency, exclusive));
    environment.jersey().register(idempotencyConfig.buildFeature(idempotency));
  }

  /** Every API call is counted for the organization's usage, written once a second. */
  static void usageMeter(Environment environment, SimContext context) {
    UsageMeter usage = new UsageMeter(context.jdbi(), context.clock());
    environment.lifecycle().manage(new UsageFlusher(usage, Duration.ofSeconds(1)));
    environment.jersey().register(new ApiCallFilter(usage));
  }

  /** The streams' writer and refusals; at shutdown, players stop and streams close. */
  static void eventStreams(Environment environment, LiveContext live) {
    environment
        .lifecycle()
        .addEventListener(
            new LiveShutdown(live.playback(), live.simulations().leftRunning(), live.streams()));
    environment.lifecycle().addEventListener(live.experimentStreams());
    environment.jersey().register(new SseFrameWriter());
    environment.jersey().register(new StreamLimitExceptionMapper());
    environment.jersey().register(new WorkingMemoryExhaustedExceptionMapper());
    environment.jersey().register(new ExperimentsUnderWayExceptionMapper());
    // runs wait between slices while API requests are served (docs/experiments.md)
    environment
        .servlets()
        .addFilter("interactive-first", live.interactiveFirst())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/v1/*");
  }

  /** The answers to what the domain ({@code core.errors}) and the engines refuse. */
  static void engineRefusals(Environment environment, SimContext context) {
    environment.jersey().register(new DomainExceptionMapper());
    environment.jersey().register(new EngineValidationExceptionMapper(context.catalog().engines()));
    environment.jersey().register(new UnknownAgentExceptionMapper());
  }

  /** Registers the resources, and describes exactly these in /v1/openapi.json. */
  static void resources(
      SimConfiguration configuration,
      Environment environment,
      SimContext context,
      LiveContext live) {
    List<Object> resources = resourceList(configuration, environment, context, live);
    resources.forEach(environment.jersey()::register);
    Set<Class<?>> documented = new LinkedHashSet<>();
    resources.forEach(resource -> documented.add(resource.getClass()));
    documented.add(OpenApiResource.class);
    String version = SimVersion.version();
    ContractDocument document = OpenApiDocument.contract(SimVersion.NAME, version, documented);
    environment.jersey().register(new OpenApiResource(document));
    // Tests in the same JVM read it here, without a request a rate limit would count.
    environment.getApplicationContext().setAttribute(ContractDocument.class.getName(), document);
  }

  private static List<Object> resourceList(
      SimConfiguration configuration,
      Environment environment,
      SimContext context,
      LiveContext live) {
    String name = SimVersion.NAME;
    return List.of(
        new HealthResource(
            new HealthReport(
                environment.healthChecks(),
                name,
                SimVersion.version(),
                Set.of(CoordinatorHealthCheck.NAME))),
        new ApiDocsResource("Simulation Service API"),
        new ScenariosResource(context.catalog()),
        new ScenarioResource(context.catalog()),
        new SimulationsResource(live.simulations().creation(), context.reader()),
        new SimulationResource(
            live.simulations().time(),
            live.simulations().inputs(),
            context.reader(),
            live.simulations().history()),
        new SimulationTimeControlResource(live.simulations().time()),
        new SimulationEventsResource(
            live.streams(), new ConnectionTimeouts(configuration.getEvents())),
        new SimulationEventLogResource(live.eventLog()),
        new CallerResource(),
        new OrganizationsResource(context.organizations()),
        new OrganizationResource(context.organizations()),
        new OrganizationUsageResource(context.organizations()),
        new EvaluationsResource(context.evaluation()),
        new SimulationEvaluationsResource(context.evaluations()),
        new SimulationEvaluationResource(context.overrideRequests()),
        new ExperimentsResource(live.experiments().submission(), live.experiments().reader()),
        new ExperimentResource(live.experiments().reader(), live.experiments().control()),
        new ExperimentEventsResource(
            live.experimentStreams(), new ConnectionTimeouts(configuration.getEvents())));
  }
}
