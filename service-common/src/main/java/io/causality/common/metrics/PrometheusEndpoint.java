package io.causality.common.metrics;

import io.dropwizard.core.setup.Environment;
import io.prometheus.metrics.exporter.servlet.jakarta.PrometheusMetricsServlet;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.List;

/**
 * {@code GET /prometheus} on the admin connector: the Prometheus text format, or OpenMetrics when
 * the scraper asks for it with {@code Accept} (the Prometheus client's servlet decides). It serves
 * one registry per application: every Dropwizard metric bridged ({@link DropwizardBridge}), the
 * JVM's metrics from the client's JVM instrumentation, and the service's domain metrics, which the
 * service registers in the registry this returns.
 */
public final class PrometheusEndpoint {
  public static final String PATH = "/prometheus";

  private PrometheusEndpoint() {}

  /**
   * Installs the endpoint with the bridge's {@code rules} ({@link DropwizardNames#rules}).
   *
   * @return the registry the service adds its own metrics to
   */
  public static PrometheusRegistry install(Environment environment, List<MapperConfig> rules) {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new DropwizardBridge(environment.metrics(), rules));
    JvmMetrics.builder().register(registry);
    environment
        .admin()
        .addServlet("prometheus", new PrometheusMetricsServlet(registry))
        .addMapping(PATH);
    return registry;
  }
}
