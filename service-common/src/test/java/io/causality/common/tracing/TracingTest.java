package io.causality.common.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With the SDK off, each span gets an id of its own under the caller's trace, or a new trace. */
class TracingTest {
  private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
  private static final String PARENT = "00f067aa0ba902b7";

  private final Tracing tracing = Tracing.idsOnly();

  private static Context remoteParent() {
    return Context.root()
        .with(
            Span.wrap(
                SpanContext.createFromRemoteParent(
                    TRACE, PARENT, TraceFlags.getSampled(), TraceState.getDefault())));
  }

  @Test
  void aServerSpanContinuesTheCallersTraceWithASpanOfItsOwn() {
    SpanContext server = tracing.startServer(remoteParent(), "GET").getSpanContext();
    assertThat(server.isValid()).isTrue();
    assertThat(server.getTraceId()).isEqualTo(TRACE);
    assertThat(server.getSpanId()).isNotEqualTo(PARENT);
    assertThat(server.getTraceFlags()).isEqualTo(TraceFlags.getSampled());
  }

  @Test
  void withoutACallersTraceANewOneStarts() {
    SpanContext first = tracing.startServer(Context.root(), "GET").getSpanContext();
    SpanContext second = tracing.startServer(Context.root(), "GET").getSpanContext();
    assertThat(first.isValid()).isTrue();
    assertThat(first.getTraceId()).isNotEqualTo(second.getTraceId());
  }

  @Test
  void aClientCallCarriesItsOwnSpanUnderTheRequestsTrace() {
    Span server = tracing.startServer(remoteParent(), "POST");
    try (Scope scope = server.makeCurrent()) {
      Span client = tracing.startClient("coordinator submit");
      Map<String, String> headers = Tracing.headers(client);
      assertThat(headers.get("traceparent"))
          .isEqualTo("00-" + TRACE + "-" + client.getSpanContext().getSpanId() + "-01");
      assertThat(client.getSpanContext().getSpanId())
          .isNotEqualTo(server.getSpanContext().getSpanId());
      assertThat(Tracing.currentTraceparent())
          .hasValue("00-" + TRACE + "-" + server.getSpanContext().getSpanId() + "-01");
    }
    assertThat(Tracing.currentTraceparent()).isEmpty();
  }
}
