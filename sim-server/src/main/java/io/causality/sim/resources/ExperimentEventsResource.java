package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.common.sse.SseConnection;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.causality.sim.events.ConnectionTimeouts;
import io.causality.sim.events.ExperimentStreams;
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
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.UUID;

/** {@code /v1/experiments/{id}/events}: an experiment's progress, Server-Sent Events. */
@Path("/v1/experiments/{id}/events")
@Tag(name = "Experiments")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class ExperimentEventsResource {
  private final ExperimentStreams streams;
  private final ConnectionTimeouts timeouts;

  public ExperimentEventsResource(ExperimentStreams streams, ConnectionTimeouts timeouts) {
    this.streams = streams;
    this.timeouts = timeouts;
  }

  @GET
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @Timed
  @ExceptionMetered
  @RequiresScope(Scope.SIMULATION_READ)
  @Operation(
      summary = "Live progress of an experiment (Server-Sent Events)",
      description =
          "Events experiment:status and progress, each with an id (1, 2, ...), heartbeat and "
              + "error; send Last-Event-ID to resume after it (docs/experiments.md). Concurrent "
              + "streams per organization are limited by the license's maxConcurrentSSE. Scope "
              + "simulation:read.")
  @ApiResponse(
      responseCode = "200",
      description = "The event stream",
      content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS))
  @ApiResponse(responseCode = "400", description = "A malformed or future Last-Event-ID")
  @ApiResponse(
      responseCode = "429",
      description =
          "The organization has as many experiment streams open as its license allows "
              + "(RATE_LIMITED, with Retry-After)")
  @ApiResponse(responseCode = "503", description = "The server is stopping, or holds all it can")
  public void events(
      @Parameter(hidden = true) @Auth Caller caller,
      @PathParam("id") UUID id,
      @Parameter(
              description = "The id of the last event received, to resume after it",
              schema = @Schema(type = "string", example = "12"))
          @HeaderParam("Last-Event-ID")
          ExperimentEventId lastEventId,
      @Context SseEventSink sink,
      @Context Sse sse,
      @Context HttpServletRequest request) {
    streams.open(
        caller,
        id,
        lastEventId == null ? null : lastEventId.seq(),
        new SseClient(new SseConnection(sink, sse)));
    timeouts.keepStreamOpen(request);
  }
}
