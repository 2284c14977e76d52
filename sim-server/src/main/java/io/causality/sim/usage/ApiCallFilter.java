package io.causality.sim.usage;

import io.causality.sim.auth.RequestIdentity;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;

/**
 * Every request made with an organization's API key is one of its {@code apiCalls}: keys are the
 * metered integration channel. Members signed in with a JWT (the web application) are not metered
 * (docs/licensing.md).
 */
public final class ApiCallFilter implements ContainerResponseFilter {
  private final UsageMeter meter;

  public ApiCallFilter(UsageMeter meter) {
    this.meter = meter;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    RequestIdentity.caller(request)
        .flatMap(caller -> caller.keyOrganization())
        .ifPresent(meter::apiCall);
  }
}
