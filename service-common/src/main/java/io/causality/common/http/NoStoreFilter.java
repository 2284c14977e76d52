package io.causality.common.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * {@code Cache-Control: no-store} on every answer to a request that carries credentials ({@code
 * Authorization} or {@code X-Api-Key}): what a caller may read is not for a browser's disk cache or
 * a shared proxy's. Set before the request is served, so that an answer that names its own caching
 * keeps it.
 */
public final class NoStoreFilter implements Filter {
  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    if (http.getHeader("Authorization") != null || http.getHeader("X-Api-Key") != null) {
      ((HttpServletResponse) response).setHeader("Cache-Control", "no-store");
    }
    chain.doFilter(request, response);
  }
}
