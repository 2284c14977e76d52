package io.causality.common.http;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;

/**
 * Every 401 names the scheme to authenticate with, as RFC 9110 (section 11.6.1) requires of a 401
 * and RFC 6750 words it for bearer tokens: {@code WWW-Authenticate: Bearer realm="<service>"}. A
 * response filter, so that a 401 carries it however it was made (the authentication filter, an
 * access check in a resource).
 */
@Provider
public final class BearerChallenge implements ContainerResponseFilter {
  private final String challenge;

  /**
   * @param realm the service's name, which clients may show
   */
  public BearerChallenge(String realm) {
    this.challenge = "Bearer realm=\"" + realm + "\"";
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (response.getStatus() == 401) {
      response.getHeaders().putSingle(HttpHeaders.WWW_AUTHENTICATE, challenge);
    }
  }
}
