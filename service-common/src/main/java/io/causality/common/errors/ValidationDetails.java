package io.causality.common.errors;

import java.util.List;

/** The {@code details} of a validation error: one issue per bad field. */
public record ValidationDetails(List<ValidationIssue> issues) {
  public ValidationDetails {
    issues = List.copyOf(issues);
  }
}
