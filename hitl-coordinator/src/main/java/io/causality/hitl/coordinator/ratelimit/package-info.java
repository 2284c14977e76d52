/**
 * Per-caller rate limits of submissions and redemptions (resilience4j's {@code AtomicRateLimiter},
 * one per caller and budget), answered 429 RATE_LIMITED with {@code Retry-After}.
 */
package io.causality.hitl.coordinator.ratelimit;
