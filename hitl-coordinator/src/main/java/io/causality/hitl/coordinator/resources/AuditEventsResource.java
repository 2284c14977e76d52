package io.causality.hitl.coordinator.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.Roles;
import io.causality.hitl.coordinator.core.AuditTrail;
import io.causality.hitl.coordinator.docs.CoordinatorStandardResponses;
import io.causality.hitl.coordinator.events.AuditEventStreams;
import io.causality.hitl.protocol.wire.AuditEventPage;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** {@code /v1/audit-events}: the coordinator's audit trail, in chain order. */
@Path("/v1/audit-events")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = CoordinatorStandardResponses.BEARER_SCHEME)
@Tag(name = "Audit events")
public final class AuditEventsResource {
  private final AuditTrail audit;
  private final AuditEventStreams streams;

  public AuditEventsResource(AuditTrail audit, AuditEventStreams streams) {
    this.audit = Objects.requireNonNull(audit, "audit");
    this.streams = Objects.requireNonNull(streams, "streams");
  }

  @GET
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "List audit events",
      description =
          "Every audit event of every request in chain order (sequence ascending), each with "
              + "its sequence, hash and previous hash; filters combine. An operator scoped to "
              + "organizations sees only the events of their requests. Role operator.")
  @ApiResponse(responseCode = "200", description = "A page of events", useReturnTypeSchema = true)
  @ApiResponse(responseCode = "400", description = "A parameter is malformed or out of bounds")
  public AuditEventPage list(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "the most events to answer")
          @QueryParam("limit")
          @DefaultValue("50")
          @Min(1)
          @Max(500)
          int limit,
      @Parameter(description = "how many matching events to skip")
          @QueryParam("offset")
          @DefaultValue("0")
          @Min(0)
          long offset,
      @Parameter(description = "only events of this override request") @QueryParam("requestId")
          UUID requestId,
      @Parameter(description = "only events by this actor") @QueryParam("actorId") @Size(max = 255)
          String actorId,
      @Parameter(description = "only events of this type") @QueryParam("eventType")
          AuditEventType eventType,
      @Parameter(
              description = "only events at or after this RFC 3339 time",
              schema = @Schema(type = "string", format = "date-time"))
          @QueryParam("from")
          Rfc3339Time from,
      @Parameter(
              description = "only events before this RFC 3339 time",
              schema = @Schema(type = "string", format = "date-time"))
          @QueryParam("to")
          Rfc3339Time to) {
    AuditTrail.Query query =
        new AuditTrail.Query(
            Optional.ofNullable(requestId),
            Optional.ofNullable(actorId).filter(a -> !a.isEmpty()),
            Optional.ofNullable(eventType),
            Optional.ofNullable(from).map(Rfc3339Time::instant),
            Optional.ofNullable(to).map(Rfc3339Time::instant));
    return audit.page(query, Callers.scopeOf(caller), limit, offset);
  }

  @GET
  @Path("stream")
  @Produces(MediaType.SERVER_SENT_EVENTS)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "Live audit events (Server-Sent Events)",
      description =
          "Each audit event as it is written, on any instance sharing the database: event "
              + "'audit', id its sequence, data the event as the list shows it; a comment every "
              + "15 seconds. Send Last-Event-ID to resume after that sequence; without it the "
              + "stream starts from now. An operator scoped to organizations is sent only the "
              + "events of their requests. Role operator.")
  @ApiResponse(
      responseCode = "200",
      description = "The event stream",
      content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS))
  @ApiResponse(responseCode = "400", description = "A malformed Last-Event-ID")
  public void stream(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(
              description = "The sequence of the last event received, to resume after it",
              schema = @Schema(type = "string", example = "41"))
          @HeaderParam("Last-Event-ID")
          LastAuditEventId lastEventId,
      @Context SseEventSink sink,
      @Context Sse sse) {
    streams.open(
        Optional.ofNullable(lastEventId).map(LastAuditEventId::sequence),
        Callers.scopeOf(caller),
        sink,
        sse);
  }
}
