package io.causality.common.metrics;

import io.dropwizard.core.setup.Environment;
import io.prometheus.metrics.config.PrometheusProperties;
import io.prometheus.metrics.exporter.servlet.jakarta.PrometheusMetricsServlet;
import io.prometheus.metrics.instrumentation.dropwizard5.labels.MapperConfig;
import io.prometheus.metrics.instrumentation.jvm.JvmBufferPoolMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmClassLoadingMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmCompilationMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmGarbageCollectorMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMemoryMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmMemoryPoolAllocationMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmNativeMemoryMetrics;
import io.prometheus.metrics.instrumentation.jvm.JvmRuntimeInfoMetric;
import io.prometheus.metrics.instrumentation.jvm.JvmThreadsMetrics;
import io.prometheus.metrics.instrumentation.jvm.ProcessMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.Duration;
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

  /** How long the JVM threads' metrics are kept between two reads. */
  static final Duration THREADS_INTERVAL = Duration.ofSeconds(5);

  private PrometheusEndpoint() {}

  /**
   * Installs the endpoint with the bridge's {@code rules} ({@link DropwizardNames#rules}).
   *
   * @return the registry the service adds its own metrics to
   */
  public static PrometheusRegistry install(Environment environment, List<MapperConfig> rules) {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new DropwizardBridge(environment.metrics(), rules));
    registerJvmMetrics(registry);
    environment
        .admin()
        .addServlet("prometheus", new PrometheusMetricsServlet(registry))
        .addMapping(PATH);
    return registry;
  }

  /**
   * What the client's {@code JvmMetrics} registers, but the threads' metrics read at most once per
   * {@link #THREADS_INTERVAL}: their states take a {@code ThreadInfo} of every thread, 0.4 MB a
   * scrape on an idle server, the largest allocation a scrape made (docs/performance.md,
   * "Monitoring"). At the shipped scrape interval (15 s) nothing changes.
   */
  private static void registerJvmMetrics(PrometheusRegistry registry) {
    PrometheusProperties config = PrometheusProperties.get();
    PrometheusRegistry threads = new PrometheusRegistry();
    JvmThreadsMetrics.builder(config).register(threads);
    CachedValue<MetricSnapshots> threadSnapshots =
        new CachedValue<>(
            "JVM threads",
            MetricSnapshots.builder().build(),
            threads::scrape,
            THREADS_INTERVAL,
            System::nanoTime);
    registry.register((MultiCollector) threadSnapshots::get);
    JvmBufferPoolMetrics.builder(config).register(registry);
    JvmClassLoadingMetrics.builder(config).register(registry);
    JvmCompilationMetrics.builder(config).register(registry);
    JvmGarbageCollectorMetrics.builder(config).register(registry);
    JvmMemoryPoolAllocationMetrics.builder(config).register(registry);
    JvmMemoryMetrics.builder(config).register(registry);
    JvmNativeMemoryMetrics.builder(config).register(registry);
    JvmRuntimeInfoMetric.builder(config).register(registry);
    ProcessMetrics.builder(config).register(registry);
  }
}
