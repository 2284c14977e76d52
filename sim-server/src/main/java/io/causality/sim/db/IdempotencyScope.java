package io.causality.sim.db;

/**
 * What an Idempotency-Key is scoped to: the caller identity, the HTTP method and the request path.
 * The same key under another identity, method or path is another key.
 */
public record IdempotencyScope(String identity, String method, String path, String key) {}
