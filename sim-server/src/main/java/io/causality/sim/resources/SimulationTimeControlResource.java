package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.common.errors.ErrorEnvelope;
import io.causality.sim.api.Ok;
import io.causality.sim.api.PathIds;
import io.causality.sim.api.TimeControlRequest;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.Caller;
import io.causality.sim.core.Scope;
import io.causality.sim.core.TimeControl;
import io.causality.sim.docs.OpenApiDocument;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
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
      responseCode = "400",
      description = "Invalid request: one issue per bad field",
      content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
  @ApiResponse(
      responseCode = "401",
      description =
          "Missing authentication, or the simulation " + "belongs to another organization",
      content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
  @ApiResponse(
      responseCode = "403",
      description = "The API key lacks the scope",
      content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
  @ApiResponse(
      responseCode = "404",
      description = "No such simulation",
      content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
  @ApiResponse(
      responseCode = "409",
      description =
          "The status does not allow the action: "
              + "anything on a completed simulation, step while it plays",
      content = @Content(schema = @Schema(implementation = ErrorEnvelope.class)))
  public Ok timeControl(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(schema = @Schema(format = "uuid")) @PathParam("id") String id,
      @NotNull @Valid TimeControlRequest request) {
    simulations.timeControl(caller, PathIds.uuid("id", id), request);
    return Ok.OK;
  }
}
