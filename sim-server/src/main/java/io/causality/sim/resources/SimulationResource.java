package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.AgentPolicyRequest;
import io.causality.sim.api.DecreeRequest;
import io.causality.sim.api.DecreeView;
import io.causality.sim.api.MediaTypes;
import io.causality.sim.api.Ok;
import io.causality.sim.api.Page;
import io.causality.sim.api.ProphecyView;
import io.causality.sim.api.RawJson;
import io.causality.sim.api.SimulationNotes;
import io.causality.sim.api.SimulationView;
import io.causality.sim.api.SortOrder;
import io.causality.sim.api.StepRequest;
import io.causality.sim.api.StepResponse;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.SimulationHistory;
import io.causality.sim.core.SimulationInputs;
import io.causality.sim.core.SimulationReader;
import io.causality.sim.core.TickRange;
import io.causality.sim.core.TimeControl;
import io.causality.sim.core.Traceable;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.UUID;

/**
 * {@code /v1/simulations/{id}}: one simulation, its steps, inputs, trace and prophecies.
 *
 * <p>The id template leaves out {@code run}, {@code run.ndjson} and {@code from-domain}: JAX-RS
 * picks the root resource with the most literal characters, so without it {@code POST
 * /v1/simulations/run} would land here and answer 405.
 */
@Path("/v1/simulations/{id: (?!(?:run|run\\.ndjson|from-domain)(?:/|$))[^/]+}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Simulations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class SimulationResource {
  /** The documentation of the {@code agents} parameter of traces and create-and-run. */
  static final String AGENTS =
      "Agents in each step: all, changed (status or basin changed during the tick) or none; "
          + "absent: all, or changed for a simulation larger than its license shows whole";

  /** A JSON merge patch (RFC 7396); plain JSON is taken as one too. */
  static final String MERGE_PATCH = "application/merge-patch+json";

  private final TimeControl time;
  private final SimulationInputs inputs;
  private final SimulationReader reader;
  private final SimulationHistory history;

  public SimulationResource(
      TimeControl time,
      SimulationInputs inputs,
      SimulationReader reader,
      SimulationHistory history) {
    this.time = time;
    this.inputs = inputs;
    this.reader = reader;
    this.history = history;
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(summary = "Get a simulation", description = "Scope simulation:read.")
  @ApiResponse(responseCode = "200", description = "The simulation", useReturnTypeSchema = true)
  public SimulationView get(
      @Parameter(hidden = true) @Auth Caller caller, @PathParam("id") UUID id) {
    return reader.get(caller, id);
  }

  @PATCH
  @Consumes({MERGE_PATCH, MediaType.APPLICATION_JSON})
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Name a simulation and write a note on it",
      description =
          "A JSON merge patch of label (at most 100 printable characters) and note (at most "
              + "2,000, line breaks allowed): a member left out stays, null or a blank string "
              + "clears it. The simulation's inputs, trace and events do not change. Scope "
              + "simulation:write.")
  @ApiResponse(responseCode = "200", description = "The simulation", useReturnTypeSchema = true)
  public SimulationView annotate(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @NotNull @Valid SimulationNotes patch) {
    return history.annotate(caller, id, patch);
  }

  @DELETE
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Delete a simulation that is not running",
      description =
          "With its decrees, policy changes, prophecies, snapshots and status changes; its event "
              + "streams get error DELETED and end. 409 CONFLICT while it runs (pause it first). "
              + "The run and the ticks it counted stay counted in the billing period "
              + "(docs/simulations.md). Scope simulation:write.")
  @ApiResponse(responseCode = "204", description = "Deleted")
  @ApiResponse(responseCode = "409", description = "The simulation is running")
  public Response delete(@Parameter(hidden = true) @Auth Caller caller, @PathParam("id") UUID id) {
    history.delete(caller, id);
    return Response.noContent().build();
  }

  @GET
  @Path("/scenario")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "The scenario a simulation runs",
      description =
          "As stored at its creation, in the Scenario shape (id and label null for an inline "
              + "or domain scenario), with the seed it runs with: sent back as the scenario of a "
              + "create, it makes the same simulation again. Scope simulation:read.")
  @ApiResponse(responseCode = "200", description = "The scenario")
  public RawJson scenario(@Parameter(hidden = true) @Auth Caller caller, @PathParam("id") UUID id) {
    return reader.scenario(caller, id);
  }

  @POST
  @Path("/step")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Advance a simulation by 1 to 10,000 ticks",
      description =
          "403 QUOTA_EXCEEDED past the license's ticks per run; 409 CONFLICT when "
              + "completed. Scope simulation:write.")
  @ApiResponse(responseCode = "200", description = "{state, ticks}", useReturnTypeSchema = true)
  @ApiResponse(responseCode = "409", description = "The simulation is completed")
  public StepResponse step(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @NotNull @Valid StepRequest request) {
    return time.step(caller, id, request.ticks());
  }

  @GET
  @Path("/trace")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "The execution trace, as JSON or streamed NDJSON",
      description =
          "Rebuilt from the stored inputs, byte for byte the live run; streamed as "
              + "it is computed. 404 until the simulation has run a tick. fromTick and toTick "
              + "(both included) keep the steps of that range, each as in the whole trace, after "
              + "the same metadata and initialState; a range past the computed ticks keeps what "
              + "there is, possibly no step. agents=all|changed|none chooses the agents each step "
              + "carries (absent: all, or changed above the tier's size shown whole; the metadata "
              + "says which in agentsShown when not all). With Accept: text/csv, the per-tick "
              + "series instead, one line per step: tick, move, b, alive, held, straying, free, "
              + "lost, removed, meanGamma, warnings, losses (docs/simulations.md, \"Trace as "
              + "CSV\"). With Accept: application/x-ndjson the answer is getTraceNdjson's. Scope "
              + "simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "The Trace object, or NDJSON lines",
      content = {
        @Content(mediaType = MediaType.APPLICATION_JSON),
        @Content(mediaType = MediaTypes.NDJSON),
        @Content(mediaType = MediaTypes.CSV)
      })
  public Response trace(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "First step's tick (default 0)")
          @QueryParam("fromTick")
          @DefaultValue("0")
          @Min(0)
          int fromTick,
      @Parameter(description = "Last step's tick, included (default: the last computed)")
          @QueryParam("toTick")
          @Min(0)
          Integer toTick,
      @Parameter(description = AGENTS) @QueryParam("agents") TraceAgents agents) {
    return traceAnswer(caller, id, range(fromTick, toTick), false, agents);
  }

  /** The same trace when the client prefers NDJSON; documented with {@code trace}. */
  @GET
  @Path("/trace")
  @Produces(MediaTypes.NDJSON + ";qs=0.5")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(hidden = true)
  public Response traceNdjson(
      @Auth Caller caller,
      @PathParam("id") UUID id,
      @QueryParam("fromTick") @DefaultValue("0") @Min(0) int fromTick,
      @QueryParam("toTick") @Min(0) Integer toTick,
      @QueryParam("agents") TraceAgents agents) {
    return traceAnswer(caller, id, range(fromTick, toTick), true, agents);
  }

  /** The trace's per-tick series as CSV; documented with {@code trace}. */
  @GET
  @Path("/trace")
  @Produces(MediaTypes.CSV + ";qs=0.4")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(hidden = true)
  public Response traceCsv(
      @Auth Caller caller,
      @PathParam("id") UUID id,
      @QueryParam("fromTick") @DefaultValue("0") @Min(0) int fromTick,
      @QueryParam("toTick") @Min(0) Integer toTick) {
    Traceable row = reader.traceable(caller, id);
    TickRange range = range(fromTick, toTick);
    StreamingOutput body = out -> reader.writeTraceCsv(row, range, out);
    return Downloads.csv(Response.ok(body), id, "trace");
  }

  /**
   * The trace as NDJSON at a path of its own: an operation with one media type, which a generated
   * client streams instead of reading it as the JSON answer of {@link #trace}.
   */
  @GET
  @Path("/trace.ndjson")
  @Produces(MediaTypes.NDJSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "The execution trace, streamed as NDJSON",
      description =
          "The lines getTrace answers with Accept: application/x-ndjson: metadata, "
              + "initialState, then one step per line, streamed as they are computed; fromTick "
              + "and toTick (and agents) as for getTrace. 404 until the simulation has run a tick. Scope "
              + "simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "NDJSON lines",
      content = @Content(mediaType = MediaTypes.NDJSON))
  public Response traceLines(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "First step's tick (default 0)")
          @QueryParam("fromTick")
          @DefaultValue("0")
          @Min(0)
          int fromTick,
      @Parameter(description = "Last step's tick, included (default: the last computed)")
          @QueryParam("toTick")
          @Min(0)
          Integer toTick,
      @Parameter(description = AGENTS) @QueryParam("agents") TraceAgents agents) {
    return traceAnswer(caller, id, range(fromTick, toTick), true, agents);
  }

  private static TickRange range(int fromTick, Integer toTick) {
    return new TickRange(fromTick, toTick == null ? null : toTick.longValue());
  }

  private Response traceAnswer(
      Caller caller, UUID id, TickRange range, boolean ndjson, TraceAgents agents) {
    Traceable row = reader.traceable(caller, id);
    StreamingOutput body = out -> reader.writeTrace(row, range, ndjson, agents, out);
    return Response.ok(body, ndjson ? MediaTypes.NDJSON : MediaType.APPLICATION_JSON).build();
  }

  @PUT
  @Path("/agent-policy")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Change an agent's lambda and/or gamma from the next tick",
      description = "404 for an unknown agent; 409 when completed. Scope simulation:write.")
  @ApiResponse(responseCode = "200", description = "{ok: true}", useReturnTypeSchema = true)
  @ApiResponse(responseCode = "409", description = "The simulation is completed")
  public Ok agentPolicy(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @NotNull @Valid AgentPolicyRequest request) {
    inputs.updatePolicy(caller, id, request);
    return Ok.OK;
  }

  @POST
  @Path("/decrees")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Submit a decree, applied at the next tick",
      description =
          "Types: shock, attractor.add, attractor.move, attractor.remove, "
              + "agent.policy, agent.remove, rule.set (docs/engine.md). Scope simulation:write.")
  @ApiResponse(responseCode = "201", description = "The decree", useReturnTypeSchema = true)
  @ApiResponse(responseCode = "409", description = "The simulation is completed")
  public Response submitDecree(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @NotNull @Valid DecreeRequest request) {
    DecreeView decree = inputs.submitDecree(caller, id, request);
    return Response.status(201).entity(decree).build();
  }

  @GET
  @Path("/decrees")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(summary = "List a simulation's decrees", description = "Scope simulation:read.")
  @ApiResponse(responseCode = "200", description = "A page of decrees", useReturnTypeSchema = true)
  public Page<DecreeView> decrees(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "The most items to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many items to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset,
      @Parameter(description = "By tick, then submission: asc (oldest first) or desc")
          @QueryParam("order")
          @DefaultValue("asc")
          SortOrder order) {
    return reader.decrees(caller, id, limit, offset, order(order));
  }

  @GET
  @Path("/prophecies")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(summary = "List a simulation's prophecies", description = "Scope simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "A page of prophecies",
      useReturnTypeSchema = true)
  public Page<ProphecyView> prophecies(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "The most items to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many items to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset,
      @Parameter(description = "By tick, then submission: asc (oldest first) or desc")
          @QueryParam("order")
          @DefaultValue("asc")
          SortOrder order) {
    return reader.prophecies(caller, id, limit, offset, order(order));
  }

  private static SimulationReader.Order order(SortOrder order) {
    return order == SortOrder.DESC ? SimulationReader.Order.DESC : SimulationReader.Order.ASC;
  }
}
