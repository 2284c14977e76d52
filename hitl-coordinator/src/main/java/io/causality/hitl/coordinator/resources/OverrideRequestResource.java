package io.causality.hitl.coordinator.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.hitl.coordinator.auth.Roles;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.docs.CoordinatorStandardResponses;
import io.causality.hitl.protocol.ApproveOverrideRequest;
import io.causality.hitl.protocol.DenyOverrideRequest;
import io.causality.hitl.protocol.OverrideRequestRecord;
import io.causality.hitl.protocol.OverrideTokenEnvelope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Objects;

/**
 * {@code /v1/override-requests/{id}}: read one request, approve it (issuing the signed token) or
 * deny it. All need the operator role. The audit actor of a decision is the operator of the
 * authority key named in the body.
 */
@Path("/v1/override-requests/{id}")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = CoordinatorStandardResponses.BEARER_SCHEME)
@Tag(name = "Override requests")
public final class OverrideRequestResource {
  private final OverrideService overrides;

  public OverrideRequestResource(OverrideService overrides) {
    this.overrides = Objects.requireNonNull(overrides, "overrides");
  }

  @GET
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "Get an override request",
      description =
          "The full record with its audit trail. A due PENDING request is moved to "
              + "EXPIRED first. Role operator.")
  @ApiResponse(responseCode = "200", description = "The request", useReturnTypeSchema = true)
  public OverrideRequestRecord get(
      @Parameter(description = "coordinatorRequestId") @PathParam("id") String id) {
    return overrides.get(id);
  }

  @POST
  @Path("/approve")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "Approve a PENDING request and issue its signed override token",
      description =
          "The token is PS256-signed with the authority key keyId; its lifetime is "
              + "tokenTtlMs, else defaultTokenTtlMs, never above the policy's maxTokenTtlMs. "
              + "Role operator.")
  @ApiResponse(
      responseCode = "200",
      description = "The OverrideTokenEnvelope",
      useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "400",
      description = "keyId missing or not an authority, bad " + "tokenTtlMs or note")
  @ApiResponse(
      responseCode = "409",
      description = "INVALID_TRANSITION: the request is not " + "PENDING")
  public OverrideTokenEnvelope approve(
      @Parameter(description = "coordinatorRequestId") @PathParam("id") String id,
      @Valid ApproveOverrideRequest body) {
    return overrides.approve(id, body);
  }

  @POST
  @Path("/deny")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "Deny a PENDING request",
      description = "keyId names the denying operator's authority key. Role operator.")
  @ApiResponse(
      responseCode = "200",
      description = "The updated request",
      useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "400",
      description = "keyId missing or not an authority, or " + "the note is too long")
  @ApiResponse(
      responseCode = "409",
      description = "INVALID_TRANSITION: the request is not " + "PENDING")
  public OverrideRequestRecord deny(
      @Parameter(description = "coordinatorRequestId") @PathParam("id") String id,
      @Valid DenyOverrideRequest body) {
    return overrides.deny(id, body);
  }
}
