package io.causality.common.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Objects;
import org.slf4j.MDC;

/**
 * Takes the W3C {@code traceparent} (and {@code tracestate}) of a request, starts the request's
 * server span under it and makes it current for the request's thread: its trace and span ids go
 * into the logging context ({@code traceId}, {@code spanId}) and into a request attribute the
 * request log can print ({@link #TRACE_ID_ATTRIBUTE}). A malformed header starts a new trace.
 */
public final class TraceFilter implements Filter {
  public static final String TRACE_ID_MDC = "traceId";
  public static final String SPAN_ID_MDC = "spanId";
  public static final String TRACE_ID_ATTRIBUTE = "causality.traceId";

  private static final TextMapGetter<HttpServletRequest> HEADERS =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(HttpServletRequest request) {
          return Collections.list(request.getHeaderNames());
        }

        @Override
        public String get(HttpServletRequest request, String key) {
          return request == null ? null : request.getHeader(key);
        }
      };

  private final Tracing tracing;

  public TraceFilter(Tracing tracing) {
    this.tracing = Objects.requireNonNull(tracing, "tracing");
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    Context parent = W3CTraceContextPropagator.getInstance().extract(Context.root(), http, HEADERS);
    Span span = tracing.startServer(parent, http.getMethod());
    SpanContext ids = span.getSpanContext();
    MDC.put(TRACE_ID_MDC, ids.getTraceId());
    MDC.put(SPAN_ID_MDC, ids.getSpanId());
    http.setAttribute(TRACE_ID_ATTRIBUTE, ids.getTraceId());
    try (Scope scope = parent.with(span).makeCurrent()) {
      chain.doFilter(request, response);
      int status = ((HttpServletResponse) response).getStatus();
      span.setAttribute("http.response.status_code", status);
      if (status >= 500) {
        span.setStatus(StatusCode.ERROR);
      }
    } finally {
      span.end();
      MDC.remove(TRACE_ID_MDC);
      MDC.remove(SPAN_ID_MDC);
    }
  }
}
