package io.causality.common.errors;

import java.util.List;

/** The {@code details} of a validation error: one issue per bad field. */
public record ValidationDetails(List<ValidationIssue> issues) {
  public ValidationDetails {
    issues = List.copyOf(issues);
  }

  /**
   * The details of a 400 about the request as a whole, refused before anything named its parts (a
   * malformed URI or header): one issue with the empty path, so that a VALIDATION_ERROR's details
   * always carry issues, as the document types them.
   */
  public static ValidationDetails ofRequest() {
    return new ValidationDetails(
        List.of(new ValidationIssue("", "is malformed (its URI, a header or its framing)")));
  }
}
