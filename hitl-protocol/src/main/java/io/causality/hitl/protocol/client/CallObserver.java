package io.causality.hitl.protocol.client;

import java.util.Map;

/**
 * What a user of {@link CoordinatorClient} learns of, and adds to, each call: the headers to send
 * (a W3C {@code traceparent}, so that the coordinator's logs and audit events carry the caller's
 * trace) and how the call ended. The client stays free of any tracing or metrics library; the
 * service that uses it brings its own.
 */
public interface CallObserver {
  /** Observes nothing and adds no header. */
  CallObserver NONE = operation -> Call.NONE;

  /**
   * A call is about to be sent.
   *
   * @param operation the client method: {@code submit}, {@code redeem}, {@code list}, {@code get},
   *     {@code approve}, {@code deny}
   */
  Call starting(String operation);

  /** One call's observation. */
  interface Call {
    Call NONE =
        new Call() {
          @Override
          public Map<String, String> headers() {
            return Map.of();
          }

          @Override
          public void finished(String outcome) {
            // nothing observed
          }
        };

    /** Headers to add to the request. */
    Map<String, String> headers();

    /**
     * The call ended: {@code success}, {@code refused} (4xx) or {@code unavailable} (no answer or
     * 5xx), as {@link CoordinatorResult} tells them apart.
     */
    void finished(String outcome);
  }
}
