package io.causality.hitl.coordinator.ratelimit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Charges each call of the resource method to its caller's {@link Budget}; {@link RateLimitFilter}
 * does it.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface RateLimited {
  Budget value();
}
