package io.causality.common.requestid;

import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.MDC;

/**
 * The request id: taken from the client's {@code X-Request-Id} when it is safe to echo and log,
 * otherwise generated. It lives in the logging context for the whole request, so every log line of
 * the request carries it.
 */
public final class RequestIds {
  public static final String HEADER = "X-Request-Id";
  public static final String MDC_KEY = "requestId";
  public static final String ATTRIBUTE = RequestIds.class.getName();

  // Safe to log and to put in a header: no spaces, no control characters, bounded length.
  private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._:\\-]{1,128}");

  private RequestIds() {}

  /** The client's id when acceptable, else a new one. */
  public static String acceptOrGenerate(String fromClient) {
    if (fromClient != null && ACCEPTED.matcher(fromClient).matches()) {
      return fromClient;
    }
    return UUID.randomUUID().toString();
  }

  /** The id of the request this thread is serving, or a fresh one outside any request. */
  public static String current() {
    String id = MDC.get(MDC_KEY);
    return id != null ? id : UUID.randomUUID().toString();
  }
}
