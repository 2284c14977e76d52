package io.causality.sim.errors;

import io.causality.common.errors.ErrorCodes;
import io.causality.common.errors.ErrorResponses;
import io.causality.common.errors.ValidationIssue;
import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.core.EngineRegistry;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's validation failures (scenario, adapter input, decree, policy, engine version) as 400
 * VALIDATION_ERROR with one issue per bad field; an unknown engine version also lists the available
 * versions in the details.
 */
public final class EngineValidationExceptionMapper
    implements ExceptionMapper<EngineValidationException> {
  private final EngineRegistry engines;

  public EngineValidationExceptionMapper(EngineRegistry engines) {
    this.engines = engines;
  }

  @Override
  public Response toResponse(EngineValidationException exception) {
    List<ValidationIssue> issues =
        exception.issues().stream()
            .map(issue -> new ValidationIssue(issue.path(), issue.message()))
            .toList();
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("issues", issues);
    if (issues.stream().anyMatch(issue -> issue.path().equals("engineVersion"))) {
      details.put("availableVersions", engines.versionIds());
    }
    String message =
        issues.size() == 1
            ? "Invalid request: " + issues.get(0).path() + " " + issues.get(0).message()
            : "Invalid request: " + issues.size() + " fields are invalid";
    return ErrorResponses.of(400, ErrorCodes.VALIDATION_ERROR, message, details);
  }
}
