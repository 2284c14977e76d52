package io.causality.sim.core.errors;

/**
 * Base of sim-server's expected failures, thrown where they are decided (mostly {@code core}). Each
 * subclass is one kind with one error code of the API ({@code { "error": { code, message, details }
 * }}) and no HTTP status: {@code errors.DomainExceptionMapper} picks the status by the code, as the
 * coordinator's {@code OverrideExceptionMapper} does. Messages hold no secrets and may be shown to
 * callers; details are plain data written as JSON (null for none).
 */
public abstract class DomainException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String code;
  private final transient Object details;

  protected DomainException(String code, String message) {
    this(code, message, null);
  }

  protected DomainException(String code, String message, Object details) {
    // Expected failures: a stack trace would only cost time, and is never shown.
    super(message, null, false, false);
    this.code = code;
    this.details = details;
  }

  /** The API error code, for example {@code NOT_FOUND}. */
  public final String code() {
    return code;
  }

  /** What the answer's {@code details} hold; null for none. */
  public final Object details() {
    return details;
  }
}
