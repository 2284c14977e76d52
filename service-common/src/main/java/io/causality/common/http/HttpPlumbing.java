package io.causality.common.http;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.causality.common.errors.ApiExceptionMapper;
import io.causality.common.errors.ConstraintViolationExceptionMapper;
import io.causality.common.errors.JsonProcessingExceptionMapper;
import io.causality.common.errors.ParameterExceptionMapper;
import io.causality.common.errors.UnexpectedExceptionMapper;
import io.causality.common.errors.WebApplicationExceptionMapper;
import io.causality.common.tracing.TraceFilter;
import io.causality.common.tracing.Tracing;
import io.dropwizard.core.server.AbstractServerFactory;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.core.server.ServerFactory;
import io.dropwizard.core.server.SimpleServerFactory;
import io.dropwizard.core.setup.Environment;
import io.dropwizard.jersey.errors.EarlyEofExceptionMapper;
import io.dropwizard.jetty.ConnectorFactory;
import io.dropwizard.jetty.HttpConnectorFactory;
import io.dropwizard.logging.common.AbstractAppenderFactory;
import io.dropwizard.logging.common.AppenderFactory;
import io.dropwizard.request.logging.LogbackAccessRequestLogFactory;
import jakarta.servlet.DispatcherType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/**
 * The HTTP plumbing both services share, installed from each application's {@code run()}: the
 * request id, the error envelope for every failure path, {@code no-store} on answers to callers
 * with credentials, a request log that names the request id and the caller's identity, and a stop
 * that drains the requests in flight.
 */
public final class HttpPlumbing {
  /**
   * Combined log format plus the latency, the request id of the response and the caller's identity
   * ({@link RequestLogIdentity}: a key id or subject, "-" when none was established).
   */
  public static final String REQUEST_LOG_FORMAT =
      "%h %l %u [%t{dd/MMM/yyyy:HH:mm:ss Z,UTC}] \"%r\" %s %b \"%i{User-Agent}\" %D ms"
          + " requestId=%responseHeader{X-Request-Id}"
          + " identity=%reqAttribute{"
          + RequestLogIdentity.ATTRIBUTE
          + "}";

  private HttpPlumbing() {}

  public static void install(Environment environment, ServerFactory serverFactory) {
    // Timestamps travel as ISO 8601 strings, as both specs say, not as epoch numbers.
    environment.getObjectMapper().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    replaceDefaultExceptionMappers(environment, serverFactory);
    environment.jersey().register(new DocumentationAnnotationsFilter());
    environment
        .servlets()
        .addFilter("request-id", new RequestIdFilter())
        .addMappingForUrlPatterns(EnumSet.allOf(DispatcherType.class), false, "/*");
    environment
        .admin()
        .addFilter("request-id", new RequestIdFilter())
        .addMappingForUrlPatterns(EnumSet.allOf(DispatcherType.class), false, "/*");
    environment
        .servlets()
        .addFilter("no-store", new NoStoreFilter())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ShutdownDrain drain = new ShutdownDrain();
    environment
        .servlets()
        .addFilter("shutdown-drain", drain)
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    environment
        .admin()
        .addFilter("shutdown-drain", drain)
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    environment.lifecycle().addEventListener(drain);
    environment.lifecycle().addEventListener(new StopOnSignal());
    JsonErrorHandler errors = new JsonErrorHandler(environment.getObjectMapper());
    environment.getApplicationContext().setErrorHandler(errors);
    environment.lifecycle().addServerLifecycleListener(server -> server.setErrorHandler(errors));
    stampRequestIdIntoRequestLog(serverFactory);
    CredentialSafeLogging.install();
  }

  /**
   * Authentication on the whole admin port: every request presents {@code token} as a bearer token
   * ({@link AdminAuthFilter}), whatever servlet answers it.
   */
  public static void protectAdmin(Environment environment, String token) {
    environment
        .admin()
        .addFilter("admin-auth", new AdminAuthFilter(token, environment.getObjectMapper()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }

  /**
   * W3C trace context on the application connector ({@link TraceFilter}), after the request id;
   * call after {@link #install}.
   */
  public static void trace(Environment environment, Tracing tracing) {
    environment
        .servlets()
        .addFilter("trace-context", new TraceFilter(tracing))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }

  /**
   * Refuses request bodies larger than {@code limitBytes} with 413 PAYLOAD_TOO_LARGE before they
   * are parsed ({@link RequestBodyLimit}); call after {@link #install}.
   */
  public static void limitRequestBodies(Environment environment, long limitBytes) {
    environment
        .servlets()
        .addFilter(
            "request-body-limit", new RequestBodyLimit(limitBytes, environment.getObjectMapper()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }

  /**
   * Refuses, on both ports, a {@code Host} that does not name this service (421) and a
   * state-changing request from a web page of another origin (403): {@link HostAndOriginFilter}.
   * With {@code sameOriginWrites} the application port accepts writes from pages it served itself
   * (sim-server's console); the admin port never does. Call after {@link #install}.
   */
  public static void guardBrowsers(
      Environment environment,
      ServerFactory serverFactory,
      List<String> publicNames,
      boolean sameOriginWrites) {
    AllowedHosts hosts = new AllowedHosts(bindHosts(serverFactory), publicNames);
    environment
        .servlets()
        .addFilter(
            "host-and-origin",
            new HostAndOriginFilter(hosts, sameOriginWrites, environment.getObjectMapper()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
    environment
        .admin()
        .addFilter(
            "host-and-origin", new HostAndOriginFilter(hosts, false, environment.getObjectMapper()))
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), true, "/*");
  }

  /** The bind hosts of every connector, as configured (null for all interfaces). */
  static List<String> bindHosts(ServerFactory serverFactory) {
    List<ConnectorFactory> connectors = new ArrayList<>();
    if (serverFactory instanceof DefaultServerFactory server) {
      connectors.addAll(server.getApplicationConnectors());
      connectors.addAll(server.getAdminConnectors());
    } else if (serverFactory instanceof SimpleServerFactory server) {
      connectors.add(server.getConnector());
    }
    List<String> hosts = new ArrayList<>();
    for (ConnectorFactory connector : connectors) {
      if (connector instanceof HttpConnectorFactory http) {
        hosts.add(http.getBindHost());
      }
    }
    return hosts;
  }

  private static void replaceDefaultExceptionMappers(
      Environment environment, ServerFactory serverFactory) {
    if (serverFactory instanceof AbstractServerFactory factory) {
      // Dropwizard's defaults answer in their own shape; ours answer in the envelope.
      factory.setRegisterDefaultExceptionMappers(false);
    }
    environment.jersey().register(new ApiExceptionMapper());
    environment.jersey().register(new WebApplicationExceptionMapper());
    environment.jersey().register(new JsonProcessingExceptionMapper());
    environment.jersey().register(new ConstraintViolationExceptionMapper());
    environment.jersey().register(new ParameterExceptionMapper(environment.getValidator()));
    environment.jersey().register(new UuidParameters());
    environment.jersey().register(new EnumParameters());
    environment.jersey().register(new EarlyEofExceptionMapper());
    environment.jersey().register(new UnexpectedExceptionMapper());
    environment.jersey().register(new UnreadBodyFilter());
  }

  /** Operators who set their own request-log format keep it; the default gains the id. */
  private static void stampRequestIdIntoRequestLog(ServerFactory serverFactory) {
    if (!(serverFactory instanceof AbstractServerFactory factory)
        || !(factory.getRequestLogFactory() instanceof LogbackAccessRequestLogFactory log)) {
      return;
    }
    for (AppenderFactory<?> appender : log.getAppenders()) {
      if (appender instanceof AbstractAppenderFactory<?> configurable
          && configurable.getLogFormat() == null) {
        configurable.setLogFormat(REQUEST_LOG_FORMAT);
      }
    }
  }
}
