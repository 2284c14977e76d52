package io.causality.hitl.coordinator.auth;

import io.causality.common.http.RequestLogIdentity;
import io.dropwizard.auth.AuthFilter;
import io.dropwizard.auth.DefaultUnauthorizedHandler;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Objects;

/**
 * Authenticates the {@code /v1} endpoints with {@code Authorization: Bearer <token>} of a
 * configured caller: a missing header, another scheme or an unknown token is 401 UNAUTHORIZED. With
 * no callers configured every request passes as the open caller. The token is never logged or
 * echoed.
 */
@Priority(Priorities.AUTHENTICATION)
public final class CallerAuthFilter extends AuthFilter<String, Caller> {
  private static final String BEARER = "Bearer";

  private final CallerAuthenticator callers;

  public CallerAuthFilter(CallerAuthenticator callers, String realm) {
    this.callers = Objects.requireNonNull(callers, "callers");
    this.authenticator = callers;
    this.authorizer = callers;
    this.prefix = BEARER;
    this.realm = realm;
    this.unauthorizedHandler = new DefaultUnauthorizedHandler();
  }

  @Override
  public void filter(ContainerRequestContext request) {
    String token = callers.isOpen() ? "" : bearerToken(request);
    if (!authenticate(request, token, BEARER)) {
      throw AuthErrors.unauthorized("The bearer token is not that of a configured caller");
    }
    // The request log and every later log line of the request name the caller, never the token.
    if (request.getSecurityContext().getUserPrincipal() instanceof Caller caller) {
      RequestLogIdentity.record(request, "caller:" + caller.id());
    }
  }

  private static String bearerToken(ContainerRequestContext request) {
    String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
    if (header == null || header.isBlank()) {
      throw AuthErrors.unauthorized("Authentication required: send Authorization: Bearer <token>");
    }
    int space = header.indexOf(' ');
    if (space < 0 || !header.substring(0, space).equalsIgnoreCase(BEARER)) {
      throw AuthErrors.unauthorized("Authorization must use the Bearer scheme");
    }
    return header.substring(space + 1).strip();
  }
}
