package io.causality.sim.auth;

import io.causality.common.http.RequestLogIdentity;
import io.causality.sim.core.errors.UnauthorizedException;
import io.causality.sim.core.organization.Caller;
import io.dropwizard.auth.AuthFilter;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * Authenticates protected endpoints with exactly one of {@code X-Api-Key} or {@code Authorization:
 * Bearer <JWT>}; both at once, neither, or a bad one is 401. The caller's identity (key id or
 * subject, never the credential) goes to the request log.
 */
@Priority(Priorities.AUTHENTICATION)
public final class CallerAuthFilter extends AuthFilter<Credentials, Caller> {
  public static final String API_KEY_HEADER = "X-Api-Key";
  private static final String BEARER = "Bearer ";

  @Override
  public void filter(ContainerRequestContext request) {
    Credentials credentials = credentials(request);
    String scheme = credentials instanceof Credentials.ApiKey ? "API-KEY" : "BEARER";
    if (!authenticate(request, credentials, scheme)) {
      throw new UnauthorizedException(
          credentials instanceof Credentials.ApiKey
              ? "The API key is not valid"
              : "The bearer token is not valid or has expired");
    }
    RequestIdentity.caller(request)
        .ifPresent(
            caller -> RequestLogIdentity.record(request, RequestIdentity.of(caller).value()));
  }

  private static Credentials credentials(ContainerRequestContext request) {
    String apiKey = request.getHeaderString(API_KEY_HEADER);
    String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
    if (apiKey != null && authorization != null) {
      throw new UnauthorizedException(
          "Send one authentication method: X-Api-Key or Authorization, not both");
    }
    if (apiKey != null) {
      return new Credentials.ApiKey(apiKey.strip());
    }
    if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, 7)) {
      return new Credentials.Bearer(authorization.substring(BEARER.length()).strip());
    }
    throw new UnauthorizedException(
        authorization == null
            ? "Authentication required: send X-Api-Key or Authorization: Bearer <token>"
            : "Authorization must use the Bearer scheme");
  }

  /** Builds the filter around the authenticator, in Dropwizard's builder style. */
  public static final class Builder
      extends AuthFilterBuilder<Credentials, Caller, CallerAuthFilter> {
    @Override
    protected CallerAuthFilter newInstance() {
      return new CallerAuthFilter();
    }
  }
}
