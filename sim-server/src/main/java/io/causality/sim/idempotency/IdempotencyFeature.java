package io.causality.sim.idempotency;

import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.FeatureContext;
import java.util.Objects;

/** Registers the Idempotency-Key filter and the interceptor that stores response bodies. */
public final class IdempotencyFeature implements Feature {
  private final IdempotencyStore store;
  private final int maxStoredBodyBytes;

  public IdempotencyFeature(IdempotencyStore store, int maxStoredBodyBytes) {
    this.store = Objects.requireNonNull(store);
    this.maxStoredBodyBytes = maxStoredBodyBytes;
  }

  @Override
  public boolean configure(FeatureContext context) {
    context.register(new IdempotencyFilter(store));
    context.register(new ResponseCaptureInterceptor(store, maxStoredBodyBytes));
    return true;
  }
}
