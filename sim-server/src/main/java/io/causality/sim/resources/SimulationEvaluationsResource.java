package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.Page;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.causality.sim.evaluation.EvaluationJournal;
import io.causality.sim.evaluation.EvaluationRecord;
import io.causality.sim.evaluation.SimulationEvaluation;
import io.causality.sim.evaluation.SimulationEvaluationRequest;
import io.causality.sim.evaluation.SimulationEvaluations;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Objects;
import java.util.UUID;

/** {@code /v1/simulations/{id}/evaluations}: the gate on a simulation's current state. */
@Path("/v1/simulations/{id}/evaluations")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Evaluations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class SimulationEvaluationsResource {
  private final SimulationEvaluations evaluations;

  public SimulationEvaluationsResource(SimulationEvaluations evaluations) {
    this.evaluations = Objects.requireNonNull(evaluations, "evaluations");
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "The evaluations of a simulation, newest first",
      description =
          "Each evaluation made with POST: the tick evaluated, the gate's decision and "
              + "reason, the actor, who asked, and what its submission to the coordinator gave "
              + "(its coordinatorRequestId), or null. Kept whether or not the gate is configured "
              + "now. Scope simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "A page of evaluations",
      useReturnTypeSchema = true)
  public Page<EvaluationRecord> list(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "The most evaluations to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many evaluations to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset) {
    EvaluationJournal.Listed listed = evaluations.list(caller, id, limit, offset);
    return Page.of(listed.records(), limit, offset, listed.total());
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Evaluate a simulation's current state against the state gate",
      description =
          "Gamma is the mean gamma of the live agents; with submit, a rejection "
              + "goes to the coordinator. Scope simulation:write.")
  @ApiResponse(
      responseCode = "200",
      description =
          "The request built, the response, and " + "the coordinatorRequestId when submitted",
      useReturnTypeSchema = true)
  @ApiResponse(responseCode = "503", description = "EVALUATION_DISABLED: no policy configured")
  public SimulationEvaluation evaluate(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      SimulationEvaluationRequest body) {
    SimulationEvaluationRequest request =
        body == null ? SimulationEvaluationRequest.DEFAULTS : body;
    return evaluations.evaluate(caller, id, request);
  }
}
