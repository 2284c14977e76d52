package io.causality.hitl.coordinator.auth;

import jakarta.annotation.Priority;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;
import java.security.Principal;
import java.util.List;

/**
 * Enforces {@code @RolesAllowed} on resource methods after {@link CallerAuthFilter}: a caller
 * holding none of the roles gets 403 FORBIDDEN naming the role it lacks. (Jersey's own feature
 * answers a bare 403 without saying why.)
 */
@Provider
public final class RoleFeature implements DynamicFeature {
  @Override
  public void configure(ResourceInfo resource, FeatureContext context) {
    RolesAllowed allowed = resource.getResourceMethod().getAnnotation(RolesAllowed.class);
    if (allowed != null) {
      context.register(new RoleFilter(List.of(allowed.value())));
    }
  }

  /**
   * Why the caller may not: the open caller is told what the open mode allows, a configured caller
   * which role it lacks.
   */
  private static String refusalOf(Principal caller, List<String> roles) {
    if (caller instanceof Caller known && !known.configured()) {
      return "This coordinator has no callers configured (open mode): it only submits, lists,"
          + " gets and redeems; approving, denying and the audit trail need an authenticated"
          + " operator (docs/coordinator.md, \"Callers and roles\")";
    }
    return "Caller "
        + caller.getName()
        + " lacks the role "
        + String.join(" or ", roles.stream().filter(Roles.ALL::contains).toList());
  }

  @Priority(Priorities.AUTHORIZATION)
  private static final class RoleFilter implements ContainerRequestFilter {
    private final List<String> roles;

    RoleFilter(List<String> roles) {
      this.roles = roles;
    }

    @Override
    public void filter(ContainerRequestContext request) {
      SecurityContext security = request.getSecurityContext();
      Principal caller = security.getUserPrincipal();
      if (caller == null) {
        throw AuthErrors.unauthorized("Authentication required");
      }
      if (roles.stream().noneMatch(security::isUserInRole)) {
        throw AuthErrors.forbidden(refusalOf(caller, roles));
      }
    }
  }
}
