package io.causality.common.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The service's spans, on the OpenTelemetry API. With the SDK on ({@code tracing.otlpEndpoint}) the
 * SDK's tracer makes and exports them. With it off, no span is recorded, but each request and each
 * outgoing call still gets a span id of its own under the caller's trace (or a new trace), so that
 * logs, audit events and the next service's logs share one trace id.
 */
public final class Tracing {
  static final String INSTRUMENTATION = "io.causality";

  private static final TextMapSetter<Map<String, String>> MAP_SETTER = Map::put;

  private final Optional<Tracer> tracer;

  private Tracing(Optional<Tracer> tracer) {
    this.tracer = tracer;
  }

  /** Ids only: the SDK off. */
  public static Tracing idsOnly() {
    return new Tracing(Optional.empty());
  }

  /** Spans made and exported by {@code tracer}. */
  public static Tracing exporting(Tracer tracer) {
    return new Tracing(Optional.of(tracer));
  }

  public boolean isExporting() {
    return tracer.isPresent();
  }

  /** A server span under {@code parent} (the context taken from the request's headers). */
  public Span startServer(Context parent, String name) {
    return start(parent, name, SpanKind.SERVER);
  }

  /** A client span under the current context, for a call to another service. */
  public Span startClient(String name) {
    return start(Context.current(), name, SpanKind.CLIENT);
  }

  private Span start(Context parent, String name, SpanKind kind) {
    if (tracer.isPresent()) {
      return tracer.get().spanBuilder(name).setParent(parent).setSpanKind(kind).startSpan();
    }
    SpanContext above = Span.fromContext(parent).getSpanContext();
    return Span.wrap(
        above.isValid()
            ? SpanContext.create(
                above.getTraceId(), newSpanId(), above.getTraceFlags(), above.getTraceState())
            : SpanContext.create(
                newTraceId(), newSpanId(), TraceFlags.getDefault(), TraceState.getDefault()));
  }

  /** The headers that carry {@code span}'s context to the next service ({@code traceparent}). */
  public static Map<String, String> headers(Span span) {
    Map<String, String> headers = new LinkedHashMap<>();
    W3CTraceContextPropagator.getInstance()
        .inject(Context.current().with(span), headers, MAP_SETTER);
    return headers;
  }

  /** The {@code traceparent} of the span current on this thread, if there is one. */
  public static Optional<String> currentTraceparent() {
    SpanContext current = Span.current().getSpanContext();
    return current.isValid() ? Optional.of(traceparent(current)) : Optional.empty();
  }

  static String traceparent(SpanContext context) {
    return "00-"
        + context.getTraceId()
        + "-"
        + context.getSpanId()
        + "-"
        + context.getTraceFlags().asHex();
  }

  private static String newTraceId() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    return TraceId.fromLongs(random.nextLong(), random.nextLong() | 1L);
  }

  private static String newSpanId() {
    return SpanId.fromLong(ThreadLocalRandom.current().nextLong() | 1L);
  }
}
