package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.common.sse.SseConnection;
import io.causality.sim.api.TraceAgents;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.events.EventId;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.causality.sim.events.ConnectionTimeouts;
import io.causality.sim.events.EventStreams;
import io.causality.sim.events.SseClient;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Optional;
import java.util.UUID;

/** {@code /v1/simulations/{id}/events}: a simulation's live events, Server-Sent Events. */
@Path("/v1/simulations/{id}/events")
@Tag(name = "Simulations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class SimulationEventsResource {
  private final EventStreams streams;
  private final ConnectionTimeouts timeouts;

  public SimulationEventsResource(EventStreams streams, ConnectionTimeouts timeouts) {
    this.streams = streams;
    this.timeouts = timeouts;
  }

  @GET
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "Live events of a simulation (Server-Sent Events)",
      description =
          "Events tick, loss, warning, paradox, prophecy, decree, policy, "
              + "simulation:status, error and heartbeat, each with an id <tick>-<index>; send "
              + "Last-Event-ID to resume after it (docs/simulations.md); agents=all|changed|none "
              + "chooses the agents of tick events, as on the trace. Concurrent streams per "
              + "organization are limited by the license's maxConcurrentSSE. Scope "
              + "simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "The event stream",
      content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS))
  @ApiResponse(responseCode = "400", description = "A malformed or future Last-Event-ID")
  @ApiResponse(
      responseCode = "429",
      description =
          "RATE_LIMITED: the organization has as many streams open as its license's "
              + "maxConcurrentSSE allows; retry after Retry-After")
  @ApiResponse(
      responseCode = "503",
      description =
          "SERVICE_UNAVAILABLE: this server holds as many streams as events.maxStreams allows "
              + "(docs/simulations.md, \"Concurrent streams\"); retry")
  public void events(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(
              description = "The id of the last event received, to resume after it",
              schema = @Schema(type = "string", example = "41-3"))
          @HeaderParam("Last-Event-ID")
          LastEventId lastEventId,
      @Parameter(description = SimulationResource.AGENTS) @QueryParam("agents") TraceAgents agents,
      @Context SseEventSink sink,
      @Context Sse sse,
      @Context HttpServletRequest request) {
    Optional<EventId> resume = Optional.ofNullable(lastEventId).map(LastEventId::id);
    streams.open(caller, id, resume, agents, new SseClient(new SseConnection(sink, sse)));
    // only an accepted stream's connection outlives the connector's idle timeout
    timeouts.keepStreamOpen(request);
  }
}
