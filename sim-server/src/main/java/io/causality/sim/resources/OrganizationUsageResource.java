package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.DataList;
import io.causality.sim.api.LicenseResponse;
import io.causality.sim.api.UsageHistoryItem;
import io.causality.sim.api.UsageSummary;
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
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;

/** {@code /v1/organizations/{orgId}/usage/*} and {@code /license}. */
@Path("/v1/organizations/{orgId}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Organizations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class OrganizationUsageResource {
  private final OrganizationService organizations;

  public OrganizationUsageResource(OrganizationService organizations) {
    this.organizations = organizations;
  }

  @GET
  @Path("/usage/summary")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.USAGE_READ)
  @Operation(summary = "Usage in the current billing period", description = "Scope usage:read.")
  @ApiResponse(responseCode = "200", description = "The usage summary", useReturnTypeSchema = true)
  public UsageSummary summary(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "Organization id") @PathParam("orgId") UUID orgId) {
    return organizations.usageSummary(caller, orgId);
  }

  @GET
  @Path("/usage/history")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.USAGE_READ)
  @Operation(
      summary = "Usage of the most recent billing periods, newest first",
      description = "Scope usage:read.")
  @ApiResponse(responseCode = "200", description = "The usage history", useReturnTypeSchema = true)
  public DataList<UsageHistoryItem> history(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "Organization id") @PathParam("orgId") UUID orgId,
      @Parameter(description = "How many periods")
          @QueryParam("periods")
          @DefaultValue("6")
          @Min(1)
          @Max(12)
          int periods) {
    return new DataList<>(organizations.usageHistory(caller, orgId, periods));
  }

  @GET
  @Path("/license")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.ORG_READ)
  @Operation(summary = "The organization's license", description = "Scope org:read.")
  @ApiResponse(responseCode = "200", description = "The license", useReturnTypeSchema = true)
  public LicenseResponse license(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "Organization id") @PathParam("orgId") UUID orgId) {
    return organizations.license(caller, orgId);
  }
}
