package io.causality.common.http;

import io.causality.common.requestid.RequestIds;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.MDC;

/**
 * Runs first on every request: settles the request id, echoes it on the response before anything
 * else can answer, and puts it in the logging context until the request ends.
 */
public final class RequestIdFilter implements Filter {
  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    String id = RequestIds.acceptOrGenerate(http.getHeader(RequestIds.HEADER));
    http.setAttribute(RequestIds.ATTRIBUTE, id);
    ((HttpServletResponse) response).setHeader(RequestIds.HEADER, id);
    MDC.put(RequestIds.MDC_KEY, id);
    try {
      chain.doFilter(request, response);
    } finally {
      MDC.remove(RequestIds.MDC_KEY);
      MDC.remove(RequestLogIdentity.MDC_KEY);
    }
  }
}
