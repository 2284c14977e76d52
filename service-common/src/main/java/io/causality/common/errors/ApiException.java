package io.causality.common.errors;

import java.util.List;
import java.util.Map;

/**
 * A failure the client should see: an HTTP status, a machine-readable code, a message safe to show,
 * and optional details. Services subclass it per kind of failure; {@link ApiExceptionMapper} turns
 * every one into the envelope.
 */
public class ApiException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;
  private final transient Object details;
  private final transient Map<String, Object> extraBodyFields;

  public ApiException(int status, String code, String message) {
    this(status, code, message, null);
  }

  public ApiException(int status, String code, String message, Object details) {
    this(status, code, message, details, Map.of());
  }

  /**
   * @param extraBodyFields fields written beside {@code error} at the top of the body, for the few
   *     contracts that need them (the coordinator's dedupe answer)
   */
  public ApiException(
      int status,
      String code,
      String message,
      Object details,
      Map<String, Object> extraBodyFields) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.details = details;
    this.extraBodyFields = Map.copyOf(extraBodyFields);
  }

  /** A 400 VALIDATION_ERROR with one issue per bad field. */
  public static ApiException validation(String message, List<ValidationIssue> issues) {
    return new ApiException(
        400, ErrorCodes.VALIDATION_ERROR, message, new ValidationDetails(issues));
  }

  /** A 400 VALIDATION_ERROR about a single field. */
  public static ApiException invalidField(String path, String problem) {
    return validation(
        "Invalid request: " + path + " " + problem, List.of(new ValidationIssue(path, problem)));
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  public Object details() {
    return details;
  }

  public Map<String, Object> extraBodyFields() {
    return extraBodyFields;
  }
}
