package io.causality.hitl.coordinator.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.Roles;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.docs.CoordinatorStandardResponses;
import io.causality.hitl.coordinator.ratelimit.Budget;
import io.causality.hitl.coordinator.ratelimit.RateLimited;
import io.causality.hitl.protocol.wire.OverrideRequestList;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import io.causality.hitl.protocol.wire.SubmitOverrideResponse;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.util.Objects;
import java.util.Optional;

/** {@code /v1/override-requests}: submit a request, list requests. */
@Path("/v1/override-requests")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = CoordinatorStandardResponses.BEARER_SCHEME)
@Tag(name = "Override requests")
public final class OverrideRequestsResource {
  private final OverrideService overrides;

  public OverrideRequestsResource(OverrideService overrides) {
    this.overrides = Objects.requireNonNull(overrides, "overrides");
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.SUBMITTER)
  @RateLimited(Budget.SUBMISSIONS)
  @Operation(
      summary = "Submit an override request",
      description =
          "A rejected evaluation that asks for HUMAN_ESCALATION, for an operator to "
              + "approve or deny. Adaptive gating (dedupe, deny cooldown, material change) applies "
              + "when the policy enables it, per requester organization and actor. The requester "
              + "is kept only from a configured submitter. Role submitter.")
  @ApiResponse(
      responseCode = "201",
      description = "Submitted; the new request's id",
      content = @Content(schema = @Schema(implementation = SubmitOverrideResponse.class)))
  @ApiResponse(responseCode = "400", description = "A submission rule is broken")
  @ApiResponse(
      responseCode = "409",
      description =
          "DEDUPLICATED (with coordinatorRequestId and deduplicated: true), "
              + "DENY_COOLDOWN or MATERIAL_CHANGE_REQUIRED")
  @ApiResponse(
      responseCode = "429",
      description =
          "RATE_LIMITED: the submissions of this period of the requester's organization (or of "
              + "the caller, without a requester) are spent; Retry-After")
  public Response submit(
      @Parameter(hidden = true) @Auth Caller caller, @Valid SubmitOverrideRequest body) {
    SubmitOverrideResponse created = overrides.submit(body, caller.auditActor());
    return Response.created(
            UriBuilder.fromResource(OverrideRequestResource.class)
                .build(created.coordinatorRequestId()))
        .entity(created)
        .build();
  }

  @GET
  @Timed
  @ExceptionMetered
  @RolesAllowed({Roles.OPERATOR, Roles.OPEN_READER})
  @Operation(
      summary = "List override requests",
      description =
          "Newest first, without audit trails, a page at a time (pagination: limit, offset, "
              + "total). Due PENDING requests are moved to EXPIRED first. An operator scoped to "
              + "organizations sees only their requests. Role operator (or no callers "
              + "configured).")
  @ApiResponse(responseCode = "200", description = "A page of requests", useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "400",
      description = "status is not one of the five states, or limit or offset is out of bounds")
  public OverrideRequestList list(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(
              description =
                  "only requests in this status: PENDING, APPROVED, DENIED, EXPIRED or REDEEMED")
          @QueryParam("status")
          OverrideRequestStatus status,
      @Parameter(description = "only requests of this actor")
          @QueryParam("actorId")
          @Size(max = 255)
          String actorId,
      @Parameter(description = "the most requests to answer")
          @QueryParam("limit")
          @DefaultValue("" + OverrideRequestQuery.DEFAULT_LIMIT)
          @Min(1)
          @Max(OverrideRequestQuery.MAX_LIMIT)
          int limit,
      @Parameter(description = "how many matching requests to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset) {
    Optional<String> actor = Optional.ofNullable(actorId).filter(a -> !a.isEmpty());
    return overrides.list(
        new OverrideRequestQuery(Optional.ofNullable(status), actor, limit, offset),
        Callers.scopeOf(caller));
  }
}
