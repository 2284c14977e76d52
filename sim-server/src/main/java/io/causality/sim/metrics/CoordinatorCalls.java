package io.causality.sim.metrics;

import io.causality.common.tracing.Tracing;
import io.causality.hitl.protocol.client.CallObserver;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import java.util.Map;
import java.util.Objects;

/**
 * Each call to the coordinator: a client span under the request being served, whose {@code
 * traceparent} the coordinator receives (its logs and audit events carry the trace), and the call's
 * time in {@code sim_coordinator_request_seconds}.
 */
public final class CoordinatorCalls implements CallObserver {
  private final Tracing tracing;

  public CoordinatorCalls(Tracing tracing) {
    this.tracing = Objects.requireNonNull(tracing, "tracing");
  }

  @Override
  public Call starting(String operation) {
    Span span = tracing.startClient("coordinator " + operation);
    long started = System.nanoTime();
    return new Call() {
      @Override
      public Map<String, String> headers() {
        return Tracing.headers(span);
      }

      @Override
      public void finished(String outcome) {
        double seconds = (System.nanoTime() - started) / 1e9;
        SimMetrics.COORDINATOR_REQUEST_SECONDS.labelValues(operation, outcome).observe(seconds);
        if (!outcome.equals("success")) {
          span.setStatus(StatusCode.ERROR, outcome);
        }
        span.end();
      }
    };
  }
}
