package io.causality.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Dropwizard's names become Prometheus names and labels; the client's writer writes them. */
class DropwizardBridgeTest {
  private static final String JETTY = "io.dropwizard.jetty.MutableServletContextHandler.";

  private final MetricRegistry metrics = new MetricRegistry();

  private String scrape() throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(bridge());
    return write(registry);
  }

  private DropwizardBridge bridge() {
    return new DropwizardBridge(
        metrics,
        DropwizardNames.rules(
            "io.example",
            List.of(DropwizardNames.fixed("webhooks.delivered", "hitl_webhook_delivered"))));
  }

  private static String write(PrometheusRegistry registry) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, registry.scrape());
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void statusClassMetersBecomeOneCounterWithALabel() throws IOException {
    metrics.meter(JETTY + "2xx-responses").mark(3);
    metrics.meter(JETTY + "5xx-responses").mark();

    assertThat(scrape())
        .contains("http_server_responses_total{status_class=\"2xx\"} 3.0")
        .contains("http_server_responses_total{status_class=\"5xx\"} 1.0")
        .contains("# TYPE http_server_responses_total counter");
  }

  @Test
  void resourceTimersBecomeOneSummaryInSecondsLabelledByResourceAndMethod() throws IOException {
    metrics.timer("io.example.resources.ThingsResource.list").update(250, TimeUnit.MILLISECONDS);
    metrics.timer("io.example.resources.ThingResource.get").update(2, TimeUnit.SECONDS);
    metrics.meter("io.example.resources.ThingResource.get.exceptions").mark();

    assertThat(scrape())
        .contains("# TYPE http_resource_requests_seconds summary")
        .contains(
            "http_resource_requests_seconds{method=\"list\",resource=\"ThingsResource\","
                + "quantile=\"0.5\"} 0.25")
        .contains(
            "http_resource_requests_seconds_count{method=\"get\",resource=\"ThingResource\"} 1")
        .contains("http_resource_exceptions_total{method=\"get\",resource=\"ThingResource\"} 1.0");
  }

  @Test
  void theFilterTimersJerseysListenerAddsBesideEachMethodAreLeftOut() throws IOException {
    String method = "io.example.resources.ThingResource.get";
    metrics.timer(method).update(2, TimeUnit.SECONDS);
    metrics.timer(method + ".total").update(2, TimeUnit.SECONDS);
    metrics.timer(method + ".request.filtering").update(1, TimeUnit.MILLISECONDS);
    metrics.timer(method + ".response.filtering").update(1, TimeUnit.MILLISECONDS);

    assertThat(scrape())
        .contains(
            "http_resource_requests_seconds_count{method=\"get\",resource=\"ThingResource\"} 1")
        .doesNotContain("total_seconds")
        .doesNotContain("filtering")
        .doesNotContain("method=\"total\"");
  }

  @Test
  void aDropwizardCounterGoesUpAndDownSoItIsAGauge() throws IOException {
    metrics.counter(JETTY + "active-requests").inc(2);

    assertThat(scrape())
        .contains("# TYPE http_server_active_requests gauge")
        .contains("http_server_active_requests 2.0")
        .doesNotContain("http_server_active_requests_total");
  }

  @Test
  void metricsRegisteredAfterTheBridgeKeepTheirKindAndRemovedOnesGo() throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(bridge());
    metrics.timer("io.example.resources.ThingResource.get").update(2, TimeUnit.SECONDS);
    metrics.counter(JETTY + "active-requests").inc();

    assertThat(write(registry))
        .contains(
            "http_resource_requests_seconds_count{method=\"get\",resource=\"ThingResource\"} 1")
        .contains("# TYPE http_server_active_requests gauge");

    metrics.remove(JETTY + "active-requests");
    metrics.counter(JETTY + "active-requests").inc(3);
    assertThat(write(registry)).contains("http_server_active_requests 3.0");
  }

  @Test
  void poolsAndServiceRulesAreLabelledAndUnknownNamesKeptInSnakeCase() throws IOException {
    metrics.register(
        "io.dropwizard.db.ManagedPooledDataSource.database.waiting", (Gauge<Integer>) () -> 4);
    metrics.meter("webhooks.delivered").mark(5);
    metrics.register("SomeThing.weirdName", (Gauge<Double>) () -> 1.5);
    metrics.timer("io.example.db.ThingDao.find").update(1, TimeUnit.MILLISECONDS);

    assertThat(scrape())
        .contains("db_pool_waiting{pool=\"database\"} 4.0")
        .contains("hitl_webhook_delivered_total 5.0")
        .contains("some_thing_weird_name 1.5")
        .contains("db_statement_seconds_count{dao=\"ThingDao\",method=\"find\"} 1");
  }

  @Test
  void dropwizardsJvmGaugesAreLeftToTheJvmInstrumentation() throws IOException {
    metrics.register("jvm.memory.heap.used", (Gauge<Long>) () -> 1L);
    assertThat(scrape()).doesNotContain("jvm");
  }

  @Test
  void aFailingGaugeLosesItsSampleNotTheScrape() throws IOException {
    metrics.register(
        "broken.gauge",
        (Gauge<Long>)
            () -> {
              throw new IllegalStateException("database away");
            });
    metrics.meter(JETTY + "4xx-responses").mark();

    String text = scrape();
    assertThat(text).contains("http_server_responses_total{status_class=\"4xx\"} 1.0");
    assertThat(text).doesNotContain("broken");
  }
}
