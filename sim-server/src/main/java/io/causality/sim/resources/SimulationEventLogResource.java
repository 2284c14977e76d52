package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.MediaTypes;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.EventLog;
import io.causality.sim.core.EventLogFormat;
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
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.util.Optional;
import java.util.UUID;

/**
 * {@code /v1/simulations/{id}/event-log}: the simulation's events so far, as its stream told them,
 * read back from storage: JSON, NDJSON or CSV (docs/simulations.md, "Event log").
 */
@Path("/v1/simulations/{id}/event-log")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Simulations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class SimulationEventLogResource {
  private final EventLog log;

  public SimulationEventLogResource(EventLog log) {
    this.log = log;
  }

  @GET
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "The simulation's events so far, as JSON, NDJSON or CSV",
      description =
          "Every event the simulation's stream told (loss, warning, paradox, prophecy, "
              + "decree, policy, simulation:status; tick events too with ticks=true), with the "
              + "stream's ids and data, derived again from what is stored: from the start, or "
              + "after the event id given as after, up to where the simulation stands. "
              + "Streamed as it is computed. Accept: text/csv gives one line per event "
              + "(docs/simulations.md). Scope simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "The events, oldest first",
      content = {
        @Content(mediaType = MediaType.APPLICATION_JSON),
        @Content(mediaType = MediaTypes.NDJSON),
        @Content(mediaType = MediaTypes.CSV)
      })
  @ApiResponse(responseCode = "400", description = "A malformed after, or one not reached yet")
  public Response events(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(
              description = "Only the events after this event id (<tick>-<index>)",
              schema = @Schema(type = "string", example = "41-3"))
          @QueryParam("after")
          LastEventId after,
      @Parameter(description = "Whether tick events are included (default false)")
          @QueryParam("ticks")
          @DefaultValue("false")
          boolean ticks) {
    return answer(caller, id, after, ticks, EventLogFormat.JSON).build();
  }

  /** The same log as NDJSON; documented with {@code events}. */
  @GET
  @Produces(MediaTypes.NDJSON + ";qs=0.5")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(hidden = true)
  public Response eventsNdjson(
      @Auth Caller caller,
      @PathParam("id") UUID id,
      @QueryParam("after") LastEventId after,
      @QueryParam("ticks") @DefaultValue("false") boolean ticks) {
    return answer(caller, id, after, ticks, EventLogFormat.NDJSON).build();
  }

  /** The same log as CSV; documented with {@code events}. */
  @GET
  @Produces(MediaTypes.CSV + ";qs=0.4")
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(hidden = true)
  public Response eventsCsv(
      @Auth Caller caller,
      @PathParam("id") UUID id,
      @QueryParam("after") LastEventId after,
      @QueryParam("ticks") @DefaultValue("false") boolean ticks) {
    return Downloads.csv(answer(caller, id, after, ticks, EventLogFormat.CSV), id, "events");
  }

  private Response.ResponseBuilder answer(
      Caller caller, UUID id, LastEventId after, boolean ticks, EventLogFormat format) {
    EventLog.Span span = log.span(caller, id, Optional.ofNullable(after).map(LastEventId::id));
    StreamingOutput body = out -> log.write(span, ticks, format, out);
    return Response.ok(
        body, format == EventLogFormat.NDJSON ? MediaTypes.NDJSON : MediaType.APPLICATION_JSON);
  }
}
