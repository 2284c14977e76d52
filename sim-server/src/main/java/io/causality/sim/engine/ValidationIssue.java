package io.causality.sim.engine;

import static java.util.Objects.requireNonNull;

/**
 * One field-level problem in an engine input. {@code path} is dotted with indexes ({@code
 * scenario.agents[0].marker.x}) and starts with the prefix the caller passed.
 */
public record ValidationIssue(String path, String message) {
  public ValidationIssue {
    requireNonNull(path, "path");
    requireNonNull(message, "message");
  }
}
