package io.causality.common.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.errors.ErrorCodes;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Every request to the admin port (metrics, health checks, tasks, whatever servlet is added to it)
 * presents {@code Authorization: Bearer <admin token>}; anything else is 401 with the envelope. The
 * log-level task alone could otherwise turn on a logger that prints credentials, and the metrics
 * name every endpoint and its load. The comparison takes the same time for every wrong token.
 */
public final class AdminAuthFilter implements Filter {
  private static final String BEARER = "Bearer ";

  private final byte[] token;
  private final ObjectMapper mapper;

  public AdminAuthFilter(String token, ObjectMapper mapper) {
    this.token = token.getBytes(StandardCharsets.UTF_8);
    this.mapper = mapper;
  }

  @Override
  public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest http = (HttpServletRequest) request;
    if (presents(http.getHeader("Authorization"))) {
      chain.doFilter(request, response);
      return;
    }
    HttpServletResponse answer = (HttpServletResponse) response;
    answer.setHeader("WWW-Authenticate", "Bearer realm=\"admin\"");
    FilterErrors.answer(
        http,
        answer,
        mapper,
        401,
        ErrorCodes.UNAUTHORIZED,
        "The admin port needs Authorization: Bearer <admin token> (docs/operations.md)");
  }

  private boolean presents(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, BEARER, 0, 7)) {
      return false;
    }
    byte[] given =
        authorization.substring(BEARER.length()).strip().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(given, token);
  }
}
