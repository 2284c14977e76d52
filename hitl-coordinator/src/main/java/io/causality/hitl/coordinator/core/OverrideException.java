package io.causality.hitl.coordinator.core;

/**
 * Base of the coordinator's expected failures. Each subclass is one kind with one error code of the
 * API ({@code { "error": { code, message } }}); messages hold no secrets and may be shown to
 * callers.
 */
public abstract class OverrideException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  protected OverrideException(String message) {
    super(message);
  }

  /** The API error code, for example {@code INVALID_TRANSITION}. */
  public abstract String code();
}
