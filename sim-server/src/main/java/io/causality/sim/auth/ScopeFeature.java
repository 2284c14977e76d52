package io.causality.sim.auth;

import io.causality.sim.core.errors.ForbiddenException;
import io.causality.sim.core.errors.UnauthorizedException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;

/** Enforces {@link RequiresScope}: an API key without the scope gets 403 FORBIDDEN. */
@Provider
public final class ScopeFeature implements DynamicFeature {
  @Override
  public void configure(ResourceInfo resource, FeatureContext context) {
    RequiresScope required = resource.getResourceMethod().getAnnotation(RequiresScope.class);
    if (required != null) {
      context.register(new ScopeFilter(required.value()));
    }
  }

  @Priority(Priorities.AUTHORIZATION)
  private static final class ScopeFilter implements ContainerRequestFilter {
    private final Scope scope;

    ScopeFilter(Scope scope) {
      this.scope = scope;
    }

    @Override
    public void filter(ContainerRequestContext request) {
      if (!(request.getSecurityContext().getUserPrincipal() instanceof Caller caller)) {
        throw new UnauthorizedException("Authentication required");
      }
      if (!caller.hasScope(scope)) {
        throw new ForbiddenException("This API key lacks the scope " + scope.wireName());
      }
    }
  }
}
