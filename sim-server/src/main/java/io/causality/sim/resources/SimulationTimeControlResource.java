package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.Ok;
import io.causality.sim.api.TimeControlRequest;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.TimeControl;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;

/** {@code /v1/simulations/{id}/time-control}: play, pause, step. */
@Path("/v1/simulations/{id}/time-control")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Simulations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class SimulationTimeControlResource {
  private final TimeControl simulations;

  public SimulationTimeControlResource(TimeControl simulations) {
    this.simulations = simulations;
  }

  @PUT
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Play, pause or step a simulation",
      description =
          "play runs it in the background at the base rate (10 ticks per second "
              + "by default) times speed (0.1 to 10); pause stops it; step advances one tick. "
              + "409 CONFLICT for an action its status does not allow (docs/simulations.md). "
              + "Scope simulation:write.")
  @ApiResponse(responseCode = "200", description = "{ok: true}", useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "409",
      description =
          "The status does not allow the action: "
              + "anything on a completed simulation, step while it plays")
  @ApiResponse(
      responseCode = "503",
      description =
          "SERVICE_UNAVAILABLE: play while the server shuts down (docs/simulations.md, "
              + "\"Stop\"); play again once it is back")
  public Ok timeControl(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @NotNull @Valid TimeControlRequest request) {
    simulations.timeControl(caller, id, request);
    return Ok.OK;
  }
}
