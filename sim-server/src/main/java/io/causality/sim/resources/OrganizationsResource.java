package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.DataList;
import io.causality.sim.api.OrganizationSummary;
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
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code /v1/organizations}: the organizations of the caller. */
@Path("/v1/organizations")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Organizations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class OrganizationsResource {
  private final OrganizationService organizations;

  public OrganizationsResource(OrganizationService organizations) {
    this.organizations = organizations;
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.ORG_READ)
  @Operation(
      summary = "List the caller's organizations",
      description =
          "An API key gets its single organization; a JWT caller every organization "
              + "they belong to. Scope org:read.")
  @ApiResponse(responseCode = "200", description = "The organizations", useReturnTypeSchema = true)
  public DataList<OrganizationSummary> list(@Parameter(hidden = true) @Auth Caller caller) {
    return new DataList<>(organizations.list(caller));
  }
}
