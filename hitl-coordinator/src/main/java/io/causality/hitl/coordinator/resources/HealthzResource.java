package io.causality.hitl.coordinator.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.common.health.HealthReport;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code GET /healthz}: public; runs every health check, the database's among them. */
@Path("/healthz")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Health")
public final class HealthzResource {
  private final HealthReport report;

  public HealthzResource(HealthReport report) {
    this.report = report;
  }

  @GET
  @Timed
  @ExceptionMetered
  @Operation(summary = "Health", description = "Public: no caller token needed.")
  @ApiResponse(
      responseCode = "200",
      description = "UP: every check passes; DEGRADED: only the webhook backlog check fails")
  @ApiResponse(responseCode = "503", description = "DOWN: a check fails")
  public Response health() {
    return report.respond();
  }
}
