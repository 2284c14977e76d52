package io.causality.common.errors;

/** A request body over the service's configured limit: 413 PAYLOAD_TOO_LARGE. */
public final class PayloadTooLargeException extends ApiException {
  private static final long serialVersionUID = 1L;

  public PayloadTooLargeException(long limitBytes) {
    super(413, ErrorCodes.PAYLOAD_TOO_LARGE, message(limitBytes));
  }

  /** The text of every 413 of the services, naming the limit so a client can split or trim. */
  public static String message(long limitBytes) {
    return "The request body is larger than the limit of " + limitBytes + " bytes";
  }
}
