package io.causality.hitl.coordinator.cli;

import io.causality.hitl.protocol.client.CoordinatorResult;

/**
 * Why an operator tool could not do what it was asked, with the process exit status the {@code
 * hitl} commands promise: 1 when the coordinator refused, 2 for arguments that cannot work (found
 * before anything is sent), 3 when the coordinator could not be reached.
 */
public abstract sealed class OperatorException extends RuntimeException
    permits OperatorException.Refused, OperatorException.Unreachable, OperatorException.Usage {
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

  /**
   * The answer of a successful call; an error answer (4xx, and 5xx too: the coordinator was
   * reached) is {@link Refused}, no answer at all {@link Unreachable}.
   */
  public static <T> T answerOf(CoordinatorResult<T> result) {
    if (result instanceof CoordinatorResult.Success<T> success) {
      return success.value();
    }
    String failure = result.failure().orElseThrow();
    boolean answered =
        result instanceof CoordinatorResult.Refused<T>
            || result instanceof CoordinatorResult.Unavailable<T> none && none.httpStatus() > 0;
    throw answered ? new Refused(failure) : new Unreachable(failure);
  }

  /** The exit status of a {@code hitl} command that fails with this exception. */
  public abstract int exitStatus();

  /** An answer of 4xx or 5xx: {@code coordinator refused (STATUS CODE): message}. */
  public static final class Refused extends OperatorException {
    private static final long serialVersionUID = 1L;

    public Refused(String message) {
      super(message);
    }

    @Override
    public int exitStatus() {
      return REFUSED;
    }
  }

  /** No answer at all: the coordinator is down, elsewhere, or too slow. */
  public static final class Unreachable extends OperatorException {
    private static final long serialVersionUID = 1L;

    public Unreachable(String message) {
      super(message);
    }

    @Override
    public int exitStatus() {
      return UNREACHABLE;
    }
  }

  /** Arguments that parse but cannot work together; nothing was sent. */
  public static final class Usage extends OperatorException {
    private static final long serialVersionUID = 1L;

    public Usage(String message) {
      super(message);
    }

    @Override
    public int exitStatus() {
      return USAGE;
    }
  }
}
