package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.OrganizationDetail;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.OrganizationService;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;

/** {@code /v1/organizations/{id}}: one organization. */
@Path("/v1/organizations/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Organizations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class OrganizationResource {
  private final OrganizationService organizations;

  public OrganizationResource(OrganizationService organizations) {
    this.organizations = organizations;
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.ORG_READ)
  @Operation(summary = "Get an organization", description = "Scope org:read.")
  @ApiResponse(responseCode = "200", description = "The organization", useReturnTypeSchema = true)
  public OrganizationDetail get(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "Organization id") @PathParam("id") UUID id) {
    return organizations.detail(caller, id);
  }
}
