package io.causality.hitl.coordinator.auth;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/** Every 401 names the scheme to use, as RFC 6750 asks: {@code WWW-Authenticate: Bearer}. */
@Provider
public final class BearerChallengeFilter implements ContainerResponseFilter {
  private final String challenge;

  public BearerChallengeFilter(String realm) {
    this.challenge = "Bearer realm=\"" + realm + "\"";
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() == 401) {
      response.getHeaders().putSingle(HttpHeaders.WWW_AUTHENTICATE, challenge);
    }
  }
}
