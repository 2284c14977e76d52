package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.ExperimentAggregates;
import io.causality.sim.api.ExperimentRunView;
import io.causality.sim.api.ExperimentView;
import io.causality.sim.api.MediaTypes;
import io.causality.sim.api.Page;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.experiments.ExperimentControl;
import io.causality.sim.core.experiments.ExperimentReader;
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
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.UUID;

/** {@code /v1/experiments/{id}}: one experiment, its cancel, its runs and its aggregates. */
@Path("/v1/experiments/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Experiments")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class ExperimentResource {
  /** Runs of one experiment at most: the whole of one in a single NDJSON or CSV answer. */
  static final int MAX_STREAMED = 100_000;

  static final String CSV = "text/csv";

  private final ExperimentReader reader;
  private final ExperimentControl control;

  public ExperimentResource(ExperimentReader reader, ExperimentControl control) {
    this.reader = reader;
    this.control = control;
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "Get an experiment: its definition, status and progress",
      description = "Scope simulation:read.")
  @ApiResponse(responseCode = "200", description = "The experiment", useReturnTypeSchema = true)
  public ExperimentView get(
      @Parameter(hidden = true) @Auth Caller caller, @PathParam("id") UUID id) {
    return reader.get(caller, id);
  }

  @POST
  @Path("/cancel")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_WRITE)
  @Operation(
      summary = "Cancel an experiment",
      description =
          "A queued or running experiment is cancelled at once; its runs not yet stored are "
              + "dropped and stay counted. A cancelled one is answered as it is. Scope "
              + "simulation:write.")
  @ApiResponse(
      responseCode = "200",
      description = "The cancelled experiment",
      useReturnTypeSchema = true)
  @ApiResponse(responseCode = "409", description = "CONFLICT: the experiment has finished")
  public ExperimentView cancel(
      @Parameter(hidden = true) @Auth Caller caller, @PathParam("id") UUID id) {
    return control.cancel(caller, id);
  }

  @GET
  @Path("/runs")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "The stored runs: parameters, seed and outcome reporters, in run order",
      description =
          "JSON pages (limit 1 to 200); with Accept: application/x-ndjson one run per line, or "
              + "text/csv with a header line, limit up to 100,000 (default all), streamed. The "
              + "total counts the runs stored so far. Scope simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "A page of runs, NDJSON lines or CSV",
      content = {
        @Content(mediaType = MediaType.APPLICATION_JSON),
        @Content(mediaType = MediaTypes.NDJSON),
        @Content(mediaType = CSV)
      })
  public Page<ExperimentRunView> runs(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "The most runs to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many runs to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset) {
    return reader.runs(caller, id, limit, offset);
  }

  /** The runs when the client prefers NDJSON; documented with {@link #runs}. */
  @GET
  @Path("/runs")
  @Produces(MediaTypes.NDJSON + ";qs=0.5")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(hidden = true)
  public Response runsNdjson(
      @Auth Caller caller,
      @PathParam("id") UUID id,
      @QueryParam("limit") @DefaultValue("100000") @Min(1) @Max(MAX_STREAMED) int limit,
      @QueryParam("offset") @DefaultValue("0") @Min(0) long offset) {
    ExperimentReader.RunList list = reader.runsOf(caller, id);
    StreamingOutput body = out -> reader.writeRunsNdjson(list, limit, offset, out);
    return Response.ok(body, MediaTypes.NDJSON).build();
  }

  /** The runs when the client prefers CSV; documented with {@link #runs}. */
  @GET
  @Path("/runs")
  @Produces(CSV + ";qs=0.4")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(hidden = true)
  public Response runsCsv(
      @Auth Caller caller,
      @PathParam("id") UUID id,
      @QueryParam("limit") @DefaultValue("100000") @Min(1) @Max(MAX_STREAMED) int limit,
      @QueryParam("offset") @DefaultValue("0") @Min(0) long offset) {
    ExperimentReader.RunList list = reader.runsOf(caller, id);
    StreamingOutput body = out -> reader.writeRunsCsv(list, limit, offset, out);
    return Response.ok(body, CSV + "; charset=utf-8")
        .header("Content-Disposition", "attachment; filename=\"experiment-" + id + "-runs.csv\"")
        .build();
  }

  @GET
  @Path("/aggregates")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "Per combination and collected series, the statistics of each collected tick",
      description =
          "Count, mean, sample standard deviation, min, max and exact 5th, 50th and 95th "
              + "percentiles over the combination's finished runs; a page of combinations. 409 "
              + "until the experiment has completed. Scope simulation:read.")
  @ApiResponse(responseCode = "200", description = "The aggregates", useReturnTypeSchema = true)
  @ApiResponse(responseCode = "409", description = "CONFLICT: the experiment has not completed")
  public ExperimentAggregates aggregates(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(description = "The most combinations to answer, 1 to 200")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(200)
          int limit,
      @Parameter(description = "How many combinations to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset) {
    return reader.aggregates(caller, id, limit, offset);
  }
}
