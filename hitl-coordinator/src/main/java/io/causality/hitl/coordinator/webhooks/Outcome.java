package io.causality.hitl.coordinator.webhooks;

import java.net.ConnectException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.concurrent.CompletionException;

/**
 * What one attempt came to: delivered (a 2xx answer), or why not, in words fit for the log and the
 * outbox's {@code last_error} (a status, a timeout, a refused connection; never a body or header).
 */
record Outcome(boolean success, String error) {

  static Outcome of(HttpResponse<?> response, Throwable failure) {
    if (failure != null) {
      return new Outcome(false, describe(failure));
    }
    int status = response.statusCode();
    return status >= 200 && status < 300
        ? new Outcome(true, null)
        : new Outcome(false, "answered " + status);
  }

  private static String describe(Throwable failure) {
    Throwable cause =
        failure instanceof CompletionException && failure.getCause() != null
            ? failure.getCause()
            : failure;
    if (cause instanceof HttpTimeoutException) {
      return "no answer within the timeout";
    }
    if (cause instanceof ConnectException) {
      return "connection refused";
    }
    return cause.getClass().getSimpleName();
  }
}
