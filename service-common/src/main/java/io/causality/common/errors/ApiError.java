package io.causality.common.errors;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The inner object of every error response: {@code {code, message, details, requestId}}.
 *
 * <p>{@code details} is written even when null, as the spec's envelope lists it always.
 */
@JsonPropertyOrder({"code", "message", "details", "requestId"})
public record ApiError(
    String code,
    String message,
    @JsonInclude(JsonInclude.Include.ALWAYS) Object details,
    String requestId) {}
