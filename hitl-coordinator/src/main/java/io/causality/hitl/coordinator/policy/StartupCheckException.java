package io.causality.hitl.coordinator.policy;

/**
 * A failed startup check. The message is one line naming the file and the problem, fit to be
 * printed as the reason the service does not start.
 */
public class StartupCheckException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public StartupCheckException(String message) {
    super(oneLine(message));
  }

  public StartupCheckException(String message, Throwable cause) {
    super(oneLine(message), cause);
  }

  private static String oneLine(String message) {
    return message.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
  }
}
