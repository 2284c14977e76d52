package io.causality.hitl.coordinator.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.hitl.coordinator.auth.Caller;
import io.causality.hitl.coordinator.auth.Roles;
import io.causality.hitl.coordinator.core.OverrideService;
import io.causality.hitl.coordinator.docs.CoordinatorStandardResponses;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideApproval;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Objects;
import java.util.UUID;

/**
 * {@code /v1/override-requests/{id}}: read one request, approve it (issuing the signed token) or
 * deny it. Reading needs the operator role (or the open mode, without callers), or the submitter
 * role for the caller's own submissions; a decision is the authenticated operator's, with one of
 * its own keys, and is refused in the open mode.
 */
@Path("/v1/override-requests/{id}")
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = CoordinatorStandardResponses.BEARER_SCHEME)
@Tag(name = "Override requests")
public final class OverrideRequestResource {
  private final OverrideService overrides;

  public OverrideRequestResource(OverrideService overrides) {
    this.overrides = Objects.requireNonNull(overrides, "overrides");
  }

  @GET
  @Timed
  @ExceptionMetered
  @RolesAllowed({Roles.OPERATOR, Roles.SUBMITTER, Roles.OPEN_READER})
  @Operation(
      summary = "Get an override request",
      description =
          "The full record with its audit trail. A due PENDING request is moved to "
              + "EXPIRED first. Role operator (or no callers configured): the requests of the "
              + "operator's organizations. Role submitter: only the requests this caller "
              + "submitted (submittedBy), audit trail included, so that the service that "
              + "escalated learns what became of them. Any other request is 404, as an unknown "
              + "id.")
  @ApiResponse(responseCode = "200", description = "The request", useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "404",
      description =
          "No such request; a request of an organization the operator is not scoped to; for "
              + "a submitter, a request another caller submitted")
  public OverrideRequestRecord get(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "coordinatorRequestId") @PathParam("id") UUID id) {
    return overrides.get(id.toString(), Callers.readerOf(caller));
  }

  @POST
  @Path("/approve")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "Approve a PENDING request and issue its signed override token",
      description =
          "Counts the caller's approval; the one that completes the policy's quorum "
              + "(hitl.requiredApprovals distinct operators) issues the token, PS256-signed with "
              + "the authority key keyId (optional for an operator with one key); its lifetime "
              + "is tokenTtlMs, else defaultTokenTtlMs, never above the policy's maxTokenTtlMs. "
              + "The token carries every approval of the quorum, each signed by its operator's "
              + "key. Role operator, authenticated: refused without callers configured.")
  @ApiResponse(
      responseCode = "200",
      description =
          "The approval completed the quorum: outcome TOKEN_ISSUED and the OverrideTokenEnvelope's "
              + "members",
      content = @Content(schema = @Schema(implementation = OverrideTokenEnvelope.class)))
  @ApiResponse(
      responseCode = "202",
      description =
          "The approval was recorded; more operators must approve (hitl.requiredApprovals): "
              + "outcome AWAITING_APPROVALS and the request record's members",
      content = @Content(schema = @Schema(implementation = OverrideRequestRecord.class)))
  @ApiResponse(
      responseCode = "400",
      description = "keyId not an authority, or left out while ambiguous; bad tokenTtlMs or note")
  @ApiResponse(
      responseCode = "403",
      description =
          "FORBIDDEN: the key is another operator's, or no callers are configured; "
              + "SELF_APPROVAL: the caller submitted the request or the operator is its requester")
  @ApiResponse(
      responseCode = "404",
      description = "No such request, or one of an organization the operator is not scoped to")
  @ApiResponse(
      responseCode = "409",
      description =
          "INVALID_TRANSITION: the request is not PENDING; ALREADY_APPROVED: this operator "
              + "approved it before")
  public Response approve(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "coordinatorRequestId") @PathParam("id") UUID id,
      @Valid ApproveOverrideRequest body) {
    OverrideApproval approval = overrides.approve(id.toString(), body, Callers.deciderOf(caller));
    // the body names its outcome too (the document's discriminator), whatever the status
    return approval.issued().isPresent()
        ? Response.ok(approval).build()
        : Response.accepted(approval).build();
  }

  @POST
  @Path("/deny")
  @Consumes(MediaType.APPLICATION_JSON)
  @Timed
  @ExceptionMetered
  @RolesAllowed(Roles.OPERATOR)
  @Operation(
      summary = "Deny a PENDING request",
      description =
          "keyId names the denying operator's authority key (optional for an operator with "
              + "one key). One denial denies. Role operator, authenticated: refused without "
              + "callers configured.")
  @ApiResponse(
      responseCode = "200",
      description = "The updated request",
      useReturnTypeSchema = true)
  @ApiResponse(
      responseCode = "400",
      description = "keyId not an authority, or left out while ambiguous; the note is too long")
  @ApiResponse(
      responseCode = "403",
      description = "FORBIDDEN: the key is another operator's, or no callers are configured")
  @ApiResponse(
      responseCode = "404",
      description = "No such request, or one of an organization the operator is not scoped to")
  @ApiResponse(
      responseCode = "409",
      description = "INVALID_TRANSITION: the request is not " + "PENDING")
  public OverrideRequestRecord deny(
      @Parameter(hidden = true) @Auth Caller caller,
      @Parameter(description = "coordinatorRequestId") @PathParam("id") UUID id,
      @Valid DenyOverrideRequest body) {
    return overrides.deny(id.toString(), body, Callers.deciderOf(caller));
  }
}
