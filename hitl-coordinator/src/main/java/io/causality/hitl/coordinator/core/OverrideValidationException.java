package io.causality.hitl.coordinator.core;

import java.util.List;
import java.util.stream.Collectors;

/** A request body broke the rules: HTTP 400 {@code VALIDATION_ERROR}, one issue per field. */
public final class OverrideValidationException extends OverrideException {

  private static final long serialVersionUID = 1L;

  private final List<Issue> issues;

  public OverrideValidationException(List<Issue> issues) {
    super(summary(issues));
    this.issues = List.copyOf(issues);
  }

  /** A single issue. */
  public static OverrideValidationException of(String path, String message) {
    return new OverrideValidationException(List.of(new Issue(path, message)));
  }

  public List<Issue> issues() {
    return issues;
  }

  @Override
  public String code() {
    return "VALIDATION_ERROR";
  }

  private static String summary(List<Issue> issues) {
    return issues.stream()
        .map(i -> i.path() + ": " + i.message())
        .collect(Collectors.joining("; "));
  }
}
