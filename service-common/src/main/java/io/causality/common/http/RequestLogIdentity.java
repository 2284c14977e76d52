package io.causality.common.http;

import jakarta.ws.rs.container.ContainerRequestContext;
import org.slf4j.MDC;

/**
 * Who made a request, for the request log and every log line of the request (the logging context's
 * {@code identity}, cleared by {@link RequestIdFilter} when the request ends): an API key id or a
 * user subject, never a key or a token. Authentication records it as a request property, which
 * Jersey keeps as a servlet request attribute, and the request-log format prints it with {@code
 * %reqAttribute{causality.identity}}.
 */
public final class RequestLogIdentity {
  public static final String ATTRIBUTE = "causality.identity";

  /** The logging context's key of the identity, for every log line of the request. */
  public static final String MDC_KEY = "identity";

  private static final int MAX_LENGTH = 200;

  private RequestLogIdentity() {}

  /** Records the identity; characters that could forge or split a log line become '?'. */
  public static void record(ContainerRequestContext request, String identity) {
    String printable = printable(identity);
    request.setProperty(ATTRIBUTE, printable);
    MDC.put(MDC_KEY, printable);
  }

  static String printable(String identity) {
    String bounded = identity.length() > MAX_LENGTH ? identity.substring(0, MAX_LENGTH) : identity;
    StringBuilder out = new StringBuilder(bounded.length());
    bounded.chars().forEach(c -> out.append(c > ' ' && c < 0x7f ? (char) c : '?'));
    return out.toString();
  }
}
