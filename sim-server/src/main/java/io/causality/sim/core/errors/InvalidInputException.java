package io.causality.sim.core.errors;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ValidationDetails;
import io.causality.common.errors.ValidationIssue;
import java.util.List;

/**
 * VALIDATION_ERROR: a request's values break a rule that only the domain can check (which of {@code
 * scenarioId}, {@code scenario} and {@code domain} go together, say), one issue per field. Shape
 * and bounds are Bean Validation's, at the boundary.
 */
public final class InvalidInputException extends DomainException {
  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message, List<ValidationIssue> issues) {
    super(ErrorCodes.VALIDATION_ERROR, message, new ValidationDetails(issues));
  }

  /** One field: {@code Invalid request: <path> <problem>}. */
  public static InvalidInputException field(String path, String problem) {
    return new InvalidInputException(
        "Invalid request: " + path + " " + problem, List.of(new ValidationIssue(path, problem)));
  }
}
