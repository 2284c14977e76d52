package io.causality.hitl.protocol.crypto;

/** A key file or PEM text that cannot be used; the message names the source and problem. */
public class KeyFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public KeyFormatException(String message) {
    super(message);
  }

  public KeyFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
