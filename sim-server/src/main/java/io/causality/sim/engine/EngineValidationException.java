package io.causality.sim.engine;

import java.util.List;

/**
 * Thrown when an engine input (scenario, adapter input, decree, policy change, engine version) is
 * invalid. It carries every problem found, one issue per bad field.
 */
public final class EngineValidationException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final List<ValidationIssue> issues;

  public EngineValidationException(List<ValidationIssue> issues) {
    super(summary(issues));
    if (issues.isEmpty()) {
      throw new IllegalArgumentException("a validation error needs at least one issue");
    }
    this.issues = List.copyOf(issues);
  }

  public static EngineValidationException of(String path, String message) {
    return new EngineValidationException(List.of(new ValidationIssue(path, message)));
  }

  public List<ValidationIssue> issues() {
    return issues;
  }

  private static String summary(List<ValidationIssue> issues) {
    if (issues.isEmpty()) {
      return "invalid input";
    }
    ValidationIssue first = issues.get(0);
    String more = issues.size() > 1 ? " (and " + (issues.size() - 1) + " more)" : "";
    return first.path() + ": " + first.message() + more;
  }
}
