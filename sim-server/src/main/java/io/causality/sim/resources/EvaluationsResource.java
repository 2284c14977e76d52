package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.causality.sim.evaluation.EvaluationResponse;
import io.causality.sim.evaluation.EvaluationRuntime;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Objects;

/** {@code /v1/evaluations}: the state gate and override tokens, as docs/evaluation.md says. */
@Path("/v1/evaluations")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Evaluations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
@ApiResponse(responseCode = "503", description = "EVALUATION_DISABLED: no policy configured")
public final class EvaluationsResource {
  private final EvaluationRuntime runtime;

  public EvaluationsResource(EvaluationRuntime runtime) {
    this.runtime = Objects.requireNonNull(runtime, "runtime");
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Evaluate a snapshot against the state gate",
      description =
          "Gamma below the policy's floor is REJECT_STATE; an overrideToken is "
              + "verified locally, then redeemed at the coordinator. Scope simulation:write.")
  @ApiResponse(
      responseCode = "200",
      description = "The evaluationResponse",
      useReturnTypeSchema = true)
  public EvaluationResponse evaluate(
      @Parameter(hidden = true) @Auth Caller caller, @NotNull JsonNode evaluationRequest) {
    return runtime.evaluate(caller, evaluationRequest);
  }
}
