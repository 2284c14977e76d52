package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.common.errors.ErrorEnvelope;
import io.causality.sim.api.DataList;
import io.causality.sim.api.LicenseResponse;
import io.causality.sim.api.PathIds;
import io.causality.sim.api.RequestParameters;
import io.causality.sim.api.UsageHistoryItem;
import io.causality.sim.api.UsageSummary;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.Caller;
import io.causality.sim.core.OrganizationService;
import io.causality.sim.core.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
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
@ApiResponse(
    responseCode = "400",
    description = "orgId or a query parameter is invalid",
    content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
@ApiResponse(
    responseCode = "401",
    description = "Missing or invalid authentication",
    content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
@ApiResponse(
    responseCode = "403",
    description = "No access to the organization, or the " + "key lacks the scope",
    content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
@ApiResponse(
    responseCode = "404",
    description = "No such organization (or no license)",
    content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
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
      @Parameter(description = "Organization id", schema = @Schema(format = "uuid"))
          @PathParam("orgId")
          String orgId) {
    return organizations.usageSummary(caller, organization(orgId));
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
      @Parameter(description = "Organization id", schema = @Schema(format = "uuid"))
          @PathParam("orgId")
          String orgId,
      @Parameter(
              description = "How many periods, 1 to 12 (default 6)",
              schema = @Schema(type = "integer", minimum = "1", maximum = "12", defaultValue = "6"))
          @QueryParam("periods")
          String periods) {
    RequestParameters parameters = new RequestParameters();
    UUID id = parameters.uuid("orgId", orgId);
    int count = parameters.integer("periods", periods, 6, 1, 12);
    parameters.throwIfInvalid();
    return new DataList<>(organizations.usageHistory(caller, id, count));
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
      @Parameter(description = "Organization id", schema = @Schema(format = "uuid"))
          @PathParam("orgId")
          String orgId) {
    return organizations.license(caller, organization(orgId));
  }

  private static UUID organization(String orgId) {
    return PathIds.uuid("orgId", orgId);
  }
}
