package io.causality.common.tracing;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.lifecycle.Managed;
import io.dropwizard.lifecycle.setup.LifecycleEnvironment;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import jakarta.validation.constraints.Pattern;
import java.net.URI;

/**
 * The {@code tracing} block: W3C trace context is always taken from requests, logged and passed on;
 * spans are exported only when {@code otlpEndpoint} names an OTLP/HTTP collector (the OpenTelemetry
 * SDK stays off otherwise).
 */
public class TracingFactory {
  static final String TRACES_PATH = "/v1/traces";

  /** An OTLP/HTTP collector, such as {@code http://127.0.0.1:4318}; empty or absent: no export. */
  @Pattern(regexp = "^$|^https?://\\S+$", message = "must be an http(s) URL")
  private String otlpEndpoint;

  @JsonProperty
  public String getOtlpEndpoint() {
    return otlpEndpoint;
  }

  @JsonProperty
  public void setOtlpEndpoint(String otlpEndpoint) {
    this.otlpEndpoint = otlpEndpoint;
  }

  /**
   * The service's tracing: exporting to the collector as {@code serviceName} when one is set (the
   * exporter flushes and stops with the service), else ids only.
   */
  public Tracing build(String serviceName, LifecycleEnvironment lifecycle) {
    if (otlpEndpoint == null || otlpEndpoint.isBlank()) {
      return Tracing.idsOnly();
    }
    SdkTracerProvider provider = provider(serviceName, tracesUrl(otlpEndpoint));
    lifecycle.manage(
        new Managed() {
          @Override
          public void stop() {
            provider.close();
          }
        });
    return Tracing.exporting(provider.get(Tracing.INSTRUMENTATION));
  }

  static SdkTracerProvider provider(String serviceName, String tracesUrl) {
    Resource resource =
        Resource.getDefault()
            .merge(
                Resource.create(
                    Attributes.of(AttributeKey.stringKey("service.name"), serviceName)));
    OtlpHttpSpanExporter exporter = OtlpHttpSpanExporter.builder().setEndpoint(tracesUrl).build();
    return SdkTracerProvider.builder()
        .setResource(resource)
        .addSpanProcessor(BatchSpanProcessor.builder(exporter).build())
        .build();
  }

  /** A collector's base address gets the OTLP traces path; a full one is kept. */
  static String tracesUrl(String endpoint) {
    String path = URI.create(endpoint).getPath();
    if (path == null || path.isEmpty() || path.equals("/")) {
      return endpoint.replaceAll("/$", "") + TRACES_PATH;
    }
    return endpoint;
  }
}
