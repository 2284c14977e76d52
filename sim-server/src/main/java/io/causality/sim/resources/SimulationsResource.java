package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.CreateSimulationRequest;
import io.causality.sim.api.FromDomainRequest;
import io.causality.sim.api.MediaTypes;
import io.causality.sim.api.Page;
import io.causality.sim.api.RunSimulationRequest;
import io.causality.sim.api.SimulationCreated;
import io.causality.sim.api.SimulationSort;
import io.causality.sim.api.SimulationView;
import io.causality.sim.api.SortOrder;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.SimulationCreation;
import io.causality.sim.core.SimulationReader;
import io.causality.sim.core.SimulationStatus;
import io.causality.sim.core.Traceable;
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
import jakarta.ws.rs.core.StreamingOutput;
import java.net.URI;
import java.util.UUID;

/** {@code /v1/simulations}: create simulations (three ways) and list them. */
@Path("/v1/simulations")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Simulations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
@ApiResponse(
    responseCode = "403",
    description = "Missing scope, another organization, or QUOTA_EXCEEDED")
public final class SimulationsResource {
  private final SimulationCreation simulations;
  private final SimulationReader reader;

  public SimulationsResource(SimulationCreation simulations, SimulationReader reader) {
    this.simulations = simulations;
    this.reader = reader;
  }

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Create a simulation from a pre-built or an inline scenario",
      description = "Exactly one of scenarioId or scenario. Scope simulation:write.")
  @ApiResponse(responseCode = "201", description = "Created", useReturnTypeSchema = true)
  @ApiResponse(responseCode = "404", description = "No such pre-built scenario")
  public Response create(
      @Parameter(hidden = true) @Auth Caller caller,
      @NotNull @Valid CreateSimulationRequest request) {
    return created(simulations.create(caller, request));
  }

  @POST
  @Path("/from-domain")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Create a simulation through a domain adapter",
      description = "Scope simulation:write.")
  @ApiResponse(
      responseCode = "201",
      description = "Created",
      content = @Content(schema = @Schema(implementation = SimulationCreated.class)))
  @ApiResponse(responseCode = "404", description = "No such domain adapter")
  public Response fromDomain(
      @Parameter(hidden = true) @Auth Caller caller, @NotNull @Valid FromDomainRequest request) {
    return created(simulations.createFromDomain(caller, request));
  }

  @POST
  @Path("/run")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Create a simulation and run it",
      description =
          "Exactly one of scenarioId or domain (with input); ticks 1 to 10,000. "
              + "With Accept: application/x-ndjson the trace streams as NDJSON: metadata line, "
              + "initialState line, then one step per line, as runSimulationNdjson answers. The ticks are computed once: the "
              + "trace is written as they are. agents=all|changed|none as on the trace. "
              + "Scope simulation:write.")
  @ApiResponse(
      responseCode = "200",
      description = "{simulationId, engineVersion, trace}, or NDJSON lines",
      content = {
        @Content(mediaType = MediaType.APPLICATION_JSON),
        @Content(mediaType = MediaTypes.NDJSON)
      })
  @ApiResponse(responseCode = "404", description = "No such scenario or domain adapter")
  public Response run(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = SimulationResource.AGENTS) @QueryParam("agents") TraceAgents agents,
      @NotNull @Valid RunSimulationRequest request) {
    return runAnswer(simulations.createAndRun(caller, request, false, agents));
  }

  /** The same run when the client prefers NDJSON; documented with {@link #run}. */
  @POST
  @Path("/run")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaTypes.NDJSON + ";qs=0.5")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(hidden = true)
  public Response runNdjson(
      @Auth Caller caller,
      @QueryParam("agents") TraceAgents agents,
      @NotNull @Valid RunSimulationRequest request) {
    return runAnswer(simulations.createAndRun(caller, request, true, agents));
  }

  /**
   * The run's trace as NDJSON, at a path of its own: an operation with one media type, which a
   * generated client streams instead of reading it as the JSON answer of {@link #run}.
   */
  @POST
  @Path("/run.ndjson")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaTypes.NDJSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Create a simulation and run it, streaming the trace as NDJSON",
      description =
          "As runSimulation with Accept: application/x-ndjson: the new simulation's id in "
              + "X-Simulation-Id and Location, the trace as NDJSON lines (metadata, initialState, "
              + "then one step per line), streamed as it is computed; agents as on the run. Scope simulation:write.")
  @ApiResponse(
      responseCode = "200",
      description = "NDJSON lines",
      content = @Content(mediaType = MediaTypes.NDJSON))
  @ApiResponse(responseCode = "404", description = "No such scenario or domain adapter")
  public Response runLines(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = SimulationResource.AGENTS) @QueryParam("agents") TraceAgents agents,
      @NotNull @Valid RunSimulationRequest request) {
    return runAnswer(simulations.createAndRun(caller, request, true, agents));
  }

  private Response runAnswer(Traceable row) {
    StreamingOutput body = out -> reader.writeRun(row, out);
    return Response.ok(body, row.ndjson() ? MediaTypes.NDJSON : MediaType.APPLICATION_JSON)
        .location(URI.create("/v1/simulations/" + row.id()))
        .header("X-Simulation-Id", row.id().toString())
        .build();
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "List the simulations the caller may see, newest first by default",
      description =
          "organizationId narrows a JWT caller's list; an API key always lists its "
              + "own organization. status keeps the simulations in that status; the "
              + "pagination total counts those the filters keep. sort orders them by "
              + "createdAt (default), b (the outcome's b) or losses (agents lost), order asc "
              + "or desc (default); those without a tick come last. Scope simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "A page of simulations",
      useReturnTypeSchema = true)
  public Page<SimulationView> list(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(
              description =
                  "Only this organization's simulations (JWT callers; an API key "
                      + "always lists its own)")
          @QueryParam("organizationId")
          UUID organizationId,
      @Parameter(description = "Only the simulations in this status; absent: every status")
          @QueryParam("status")
          SimulationStatus status,
      @Parameter(description = "What the list is ordered by (default createdAt)")
          @QueryParam("sort")
          @DefaultValue("createdAt")
          SimulationSort sort,
      @Parameter(description = "Which way (default desc)")
          @QueryParam("order")
          @DefaultValue("desc")
          SortOrder order,
      @Parameter(description = "The most simulations to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many simulations to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset) {
    return reader.list(caller, organizationId, status, sort, order, limit, offset);
  }

  private static Response created(SimulationCreated created) {
    return Response.created(URI.create("/v1/simulations/" + created.id())).entity(created).build();
  }
}
