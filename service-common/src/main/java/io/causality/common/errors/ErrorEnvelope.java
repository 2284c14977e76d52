package io.causality.common.errors;

/** The body of every error response: {@code {"error": {...}}}. */
public record ErrorEnvelope(ApiError error) {}
