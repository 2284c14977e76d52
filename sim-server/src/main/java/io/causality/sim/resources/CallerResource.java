package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.CallerView;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.causality.sim.docs.OpenApiDocument;
import io.dropwizard.auth.Auth;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@code /v1/caller}: who the credential is, so that a client (the console) offers only what the
 * credential may do, instead of learning it from a 403 per button.
 */
@Path("/v1/caller")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Organizations")
@SecurityRequirement(name = OpenApiDocument.API_KEY_SCHEME)
@SecurityRequirement(name = OpenApiDocument.BEARER_SCHEME)
public final class CallerResource {
  @GET
  @Timed
  @ExceptionMetered
  @Operation(
      summary = "Who the caller is: its kind, scopes and organizations",
      description =
          "kind is api_key or user; scopes are the API key's (a user has every scope); "
              + "organizations are those the caller reaches, with its role in each (owner, "
              + "member, or api_key for a key's own). Any valid credential, no scope needed.")
  @ApiResponse(responseCode = "200", description = "The caller", useReturnTypeSchema = true)
  public CallerView get(@Parameter(hidden = true) @Auth Caller caller) {
    List<String> scopes =
        Arrays.stream(Scope.values()).filter(caller::hasScope).map(Scope::wireName).toList();
    List<CallerView.Membership> organizations =
        caller.memberships().entrySet().stream()
            .map(entry -> new CallerView.Membership(entry.getKey(), entry.getValue()))
            .sorted(Comparator.comparing(membership -> membership.id().toString()))
            .toList();
    return new CallerView(caller.isApiKey() ? "api_key" : "user", scopes, organizations);
  }
}
