package io.causality.sim.idempotency;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.util.Objects;

/**
 * Stores the body of a claimed request's 2xx response while it is written to the client, up to
 * {@code maxBytes}. A larger body, or one whose writing fails, is recorded as not replayable: the
 * request ran, so a retry must not run it again.
 */
@Priority(Priorities.USER)
public final class ResponseCaptureInterceptor implements WriterInterceptor {
  static final String PENDING = ResponseCaptureInterceptor.class.getName() + ".pending";

  /** A claimed request that answered 2xx and whose body is about to be written. */
  record Pending(IdempotencyOutcome.Claimed claim, int status) {}

  private final IdempotencyStore store;
  private final int maxBytes;

  public ResponseCaptureInterceptor(IdempotencyStore store, int maxBytes) {
    this.store = Objects.requireNonNull(store);
    this.maxBytes = maxBytes;
  }

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    if (!(context.getProperty(PENDING) instanceof Pending pending)) {
      context.proceed();
      return;
    }
    context.removeProperty(PENDING);
    BoundedCopyOutputStream copy = new BoundedCopyOutputStream(context.getOutputStream(), maxBytes);
    context.setOutputStream(copy);
    try {
      context.proceed();
    } catch (IOException | RuntimeException e) {
      store.markNotReplayable(pending.claim(), pending.status());
      throw e;
    }
    if (copy.overflowed()) {
      store.markNotReplayable(pending.claim(), pending.status());
    } else {
      String type = context.getMediaType() == null ? null : context.getMediaType().toString();
      store.complete(pending.claim(), pending.status(), type, copy.copy());
    }
  }
}
