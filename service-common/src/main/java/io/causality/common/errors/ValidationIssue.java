package io.causality.common.errors;

/**
 * One field-level problem of a request: a dotted path into the input ({@code
 * scenario.agents[0].marker.x}) and what is wrong with it.
 */
public record ValidationIssue(String path, String message) {}
