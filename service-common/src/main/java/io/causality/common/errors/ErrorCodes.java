package io.causality.common.errors;

/** Error codes both services use; service-specific codes live with their exceptions. */
public final class ErrorCodes {
  public static final String VALIDATION_ERROR = "VALIDATION_ERROR";
  public static final String UNAUTHORIZED = "UNAUTHORIZED";
  public static final String FORBIDDEN = "FORBIDDEN";
  public static final String NOT_FOUND = "NOT_FOUND";
  public static final String MISDIRECTED_REQUEST = "MISDIRECTED_REQUEST";
  public static final String METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED";
  public static final String NOT_ACCEPTABLE = "NOT_ACCEPTABLE";
  public static final String CONFLICT = "CONFLICT";
  public static final String PAYLOAD_TOO_LARGE = "PAYLOAD_TOO_LARGE";
  public static final String UNSUPPORTED_MEDIA_TYPE = "UNSUPPORTED_MEDIA_TYPE";
  public static final String RATE_LIMITED = "RATE_LIMITED";
  public static final String INTERNAL = "INTERNAL";
  public static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

  private ErrorCodes() {}

  /** The code for a bare HTTP status, used where no more specific code is known. */
  public static String forStatus(int status) {
    return switch (status) {
      case 400 -> VALIDATION_ERROR;
      case 401 -> UNAUTHORIZED;
      case 403 -> FORBIDDEN;
      case 404 -> NOT_FOUND;
      case 405 -> METHOD_NOT_ALLOWED;
      case 406 -> NOT_ACCEPTABLE;
      case 409 -> CONFLICT;
      case 413 -> PAYLOAD_TOO_LARGE;
      case 415 -> UNSUPPORTED_MEDIA_TYPE;
      case 421 -> MISDIRECTED_REQUEST;
      case 429 -> RATE_LIMITED;
      case 503 -> SERVICE_UNAVAILABLE;
      default -> status >= 500 ? INTERNAL : "HTTP_" + status;
    };
  }
}
