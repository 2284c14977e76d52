package io.causality.sim.resources;

import io.causality.common.health.HealthReport;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code GET /v1/health}: public; runs every health check, the database's among them. {@code GET
 * /v1/health/live} (beyond the spec): public; runs none (docs/operations.md).
 */
@Path("/v1/health")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Health")
public final class HealthResource {
  private final HealthReport report;
  private final HealthReport.Body live;

  public HealthResource(HealthReport report) {
    this.report = report;
    this.live = report.live();
  }

  @GET
  @Operation(
      summary = "Service health (public)",
      description = "Runs every health check now, the database's among them.")
  @ApiResponse(
      responseCode = "200",
      description =
          "UP: all checks pass; DEGRADED: only the coordinator check fails (escalations and"
              + " redemptions fail closed, the rest serves)",
      content = @Content(schema = @Schema(implementation = HealthReport.Body.class)))
  @ApiResponse(
      responseCode = "503",
      description = "A check fails",
      content = @Content(schema = @Schema(implementation = HealthReport.Body.class)))
  public Response health() {
    return report.respond();
  }

  @GET
  @Path("/live")
  @Operation(
      summary = "Liveness (public)",
      description =
          "Answers UP without running any check: the process is up and serving "
              + "requests. For liveness probes, which should not restart a service whose database "
              + "is briefly unreachable; GET /v1/health is the readiness check.")
  @ApiResponse(
      responseCode = "200",
      description = "The service is serving requests",
      content = @Content(schema = @Schema(implementation = HealthReport.Body.class)))
  public HealthReport.Body live() {
    return live;
  }
}
