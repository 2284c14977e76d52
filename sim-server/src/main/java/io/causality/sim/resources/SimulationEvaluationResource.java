package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.causality.sim.evaluation.EvaluationOverrideRequest;
import io.causality.sim.evaluation.EvaluationOverrideRequests;
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
import java.util.Objects;
import java.util.UUID;

/**
 * {@code /v1/simulations/{id}/evaluations/{evaluationId}}: one evaluation of a simulation, and what
 * became of the override request it escalated.
 */
@Path("/v1/simulations/{id}/evaluations/{evaluationId}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Evaluations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class SimulationEvaluationResource {
  private final EvaluationOverrideRequests overrideRequests;

  public SimulationEvaluationResource(EvaluationOverrideRequests overrideRequests) {
    this.overrideRequests = Objects.requireNonNull(overrideRequests, "overrideRequests");
  }

  @GET
  @Path("/override-request")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "What became of the override request an evaluation escalated",
      description =
          "Read from the coordinator with this service's own caller: the request's status, "
              + "the quorum and the approvals so far, each operator's decision (partial "
              + "approval, approval, denial) with its time and note, the token's redemption, and "
              + "this service's record of applying the token. Read-only: operators decide at the "
              + "coordinator. Scope simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "The override request's status and history",
      useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "404",
      description =
          "NOT_FOUND: no such simulation (or another organization's), no such evaluation of it, "
              + "an evaluation that escalated no override request, or a request the "
              + "coordinator no longer shows to this service")
  @ApiResponse(
      responseCode = "503",
      description =
          "EVALUATION_DISABLED: no policy configured; COORDINATOR_UNAVAILABLE: the coordinator "
              + "cannot be reached, failed, or refused this service's read; retry later")
  public EvaluationOverrideRequest overrideRequest(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "The evaluation's id, as the simulation's evaluations list it")
          @PathParam("evaluationId")
          UUID evaluationId) {
    return overrideRequests.read(caller, id, evaluationId);
  }
}
