package io.causality.hitl.coordinator.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.Roles;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.docs.CoordinatorStandardResponses;
import io.causality.hitl.coordinator.ratelimit.Budget;
import io.causality.hitl.coordinator.ratelimit.RateLimited;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RedeemResponse;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Objects;

/** {@code /v1/override-tokens}: single-use redemption of issued tokens. */
@Path("/v1/override-tokens")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = CoordinatorStandardResponses.BEARER_SCHEME)
@Tag(name = "Override tokens")
public final class OverrideTokensResource {
  private final OverrideService overrides;

  public OverrideTokensResource(OverrideService overrides) {
    this.overrides = Objects.requireNonNull(overrides, "overrides");
  }

  @POST
  @Path("/redeem")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.REDEEMER)
  @RateLimited(Budget.REDEMPTIONS)
  @Operation(
      summary = "Redeem an override token (single use)",
      description =
          "Every outcome is a 200: ACCEPTED (once, atomically in the database), "
              + "REPLAY_DETECTED, UNKNOWN_TOKEN, BINDING_MISMATCH or EXPIRED. Role redeemer.")
  @ApiResponse(responseCode = "200", description = "The outcome", useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "429",
      description = "RATE_LIMITED: the caller's redemptions of this period are spent; Retry-After")
  public RedeemResponse redeem(
      @Parameter(hidden = true) @Auth Caller caller, @Valid RedeemRequest body) {
    return overrides.redeem(body, caller.auditActor());
  }
}
