package io.causality.common.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** tracing.otlpEndpoint: spans go to the collector over OTLP/HTTP; without it nothing is sent. */
class TracingFactoryTest {
  private HttpServer collector;
  private final List<String> received = new CopyOnWriteArrayList<>();

  @BeforeEach
  void startCollector() throws IOException {
    collector = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    collector.createContext(
        "/",
        exchange -> {
          byte[] body = exchange.getRequestBody().readAllBytes();
          received.add(exchange.getRequestURI().getPath() + " " + body.length);
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    collector.start();
  }

  @AfterEach
  void stopCollector() {
    collector.stop(0);
  }

  private String endpoint() {
    return "http://127.0.0.1:" + collector.getAddress().getPort();
  }

  @Test
  void spansAreExportedToTheCollectorsTracesPath() {
    SdkTracerProvider provider =
        TracingFactory.provider("test-service", TracingFactory.tracesUrl(endpoint()));
    Tracing tracing = Tracing.exporting(provider.get(Tracing.INSTRUMENTATION));
    Span span = tracing.startServer(Context.root(), "GET");
    span.end();
    assertThat(provider.forceFlush().join(10, TimeUnit.SECONDS).isSuccess()).isTrue();
    provider.close();

    assertThat(tracing.isExporting()).isTrue();
    assertThat(received).hasSize(1);
    assertThat(received.get(0)).startsWith("/v1/traces ");
    assertThat(Integer.parseInt(received.get(0).split(" ")[1])).isPositive();
  }

  @Test
  void withoutAnEndpointTheSdkStaysOff() {
    TracingFactory factory = new TracingFactory();
    assertThat(factory.build("svc", null).isExporting()).isFalse();
    factory.setOtlpEndpoint("");
    assertThat(factory.build("svc", null).isExporting()).isFalse();
  }

  @Test
  void aBaseAddressGetsTheTracesPathAndAFullOneIsKept() {
    assertThat(TracingFactory.tracesUrl("http://c:4318")).isEqualTo("http://c:4318/v1/traces");
    assertThat(TracingFactory.tracesUrl("http://c:4318/")).isEqualTo("http://c:4318/v1/traces");
    assertThat(TracingFactory.tracesUrl("http://c:4318/custom/v1/traces"))
        .isEqualTo("http://c:4318/custom/v1/traces");
  }
}
