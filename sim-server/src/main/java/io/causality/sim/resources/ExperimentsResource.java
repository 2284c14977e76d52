package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.ExperimentDryRun;
import io.causality.sim.api.ExperimentRequest;
import io.causality.sim.api.ExperimentView;
import io.causality.sim.api.Page;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.experiments.ExperimentReader;
import io.causality.sim.core.experiments.ExperimentStatus;
import io.causality.sim.core.experiments.ExperimentSubmission;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
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
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.UUID;

/** {@code /v1/experiments}: submit an experiment (or try one: {@code dryRun}) and list them. */
@Path("/v1/experiments")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Experiments")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class ExperimentsResource {
  private final ExperimentSubmission submission;
  private final ExperimentReader reader;

  public ExperimentsResource(ExperimentSubmission submission, ExperimentReader reader) {
    this.submission = submission;
    this.reader = reader;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Submit an experiment: a parameter grid times replications of a scenario",
      description =
          "Exactly one of scenarioId, scenario or domain (with input). Every run counts as a "
              + "simulation run of the billing period, all at submission. With dryRun=true, "
              + "answers 200 with the run count, the license's limits and the refusal a "
              + "submission would get, storing nothing. Scope simulation:write "
              + "(docs/experiments.md).")
  @ApiResponse(
      responseCode = "202",
      description = "Accepted and queued; Location names the experiment",
      content = @Content(schema = @Schema(implementation = ExperimentView.class)))
  @ApiResponse(
      responseCode = "200",
      description = "The dry run",
      content = @Content(schema = @Schema(implementation = ExperimentDryRun.class)))
  @ApiResponse(
      responseCode = "403",
      description =
          "Missing scope, another organization, or QUOTA_EXCEEDED (maxTicksPerRun, "
              + "maxRunsPerExperiment, maxKeptTraces, maxSimulationRuns)")
  @ApiResponse(responseCode = "404", description = "No such pre-built scenario or domain adapter")
  @ApiResponse(
      responseCode = "429",
      description =
          "Rate limited, or RATE_LIMITED with details.limit maxConcurrentExperiments: as many "
              + "experiments queued or running as the license allows (Retry-After)")
  public Response submit(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "Check and count only; store nothing")
          @QueryParam("dryRun")
          @DefaultValue("false")
          boolean dryRun,
      @NotNull @Valid ExperimentRequest request) {
    if (dryRun) {
      return Response.ok(submission.dryRun(caller, request)).build();
    }
    ExperimentView accepted = submission.submit(caller, request);
    return Response.accepted(accepted)
        .location(URI.create("/v1/experiments/" + accepted.id()))
        .build();
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "List the experiments the caller may see, newest first",
      description =
          "As the simulations' list: organizationId narrows a JWT caller's list, an API key "
              + "always lists its own organization; status keeps those in that status. Scope "
              + "simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "A page of experiments",
      useReturnTypeSchema = true)
  public Page<ExperimentView> list(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "A JWT caller's organization to list; an API key lists its own")
          @QueryParam("organizationId")
          UUID organizationId,
      @Parameter(description = "Only the experiments in this status; absent: every status")
          @QueryParam("status")
          ExperimentStatus status,
      @Parameter(description = "The most experiments to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many experiments to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset) {
    return reader.list(caller, organizationId, status, limit, offset);
  }
}
