package io.causality.hitl.coordinator.cli;

/**
 * Why an operator tool could not do what it was asked, with the process exit status the {@code
 * hitl} commands promise: 1 when the coordinator refused, 3 when it could not be reached.
 */
public abstract sealed class OperatorException extends RuntimeException
    permits OperatorException.Refused, OperatorException.Unreachable {
  private static final long serialVersionUID = 1L;

  /** The coordinator refused the call. */
  public static final int REFUSED = 1;

  /** The arguments do not parse (argparse4j's convention). */
  public static final int USAGE = 2;

  /** Connection refused, timeout, or anything else on the way to the coordinator. */
  public static final int UNREACHABLE = 3;

  OperatorException(String message) {
    super(message, null, false, false);
  }

  /** The exit status of a {@code hitl} command that fails with this exception. */
  public abstract int exitStatus();

  /** An answer of 4xx or 5xx, with the coordinator's error code and message. */
  public static final class Refused extends OperatorException {
    private static final long serialVersionUID = 1L;
    private final int httpStatus;
    private final String code;

    public Refused(int httpStatus, String code, String message) {
      super("coordinator refused (" + httpStatus + " " + code + "): " + message);
      this.httpStatus = httpStatus;
      this.code = code;
    }

    public int httpStatus() {
      return httpStatus;
    }

    public String code() {
      return code;
    }

    @Override
    public int exitStatus() {
      return REFUSED;
    }
  }

  /** No answer at all: the coordinator is down, elsewhere, or too slow. */
  public static final class Unreachable extends OperatorException {
    private static final long serialVersionUID = 1L;

    public Unreachable(String url, String reason) {
      super("coordinator unreachable at " + url + ": " + reason);
    }

    @Override
    public int exitStatus() {
      return UNREACHABLE;
    }
  }
}
