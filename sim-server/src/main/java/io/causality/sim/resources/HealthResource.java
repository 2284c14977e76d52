package io.causality.sim.resources;

import io.causality.common.health.HealthReport;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code GET /v1/health}: public; runs every health check, the database's among them. */
@Path("/v1/health")
@Produces(MediaType.APPLICATION_JSON)
public final class HealthResource {
  private final HealthReport report;

  public HealthResource(HealthReport report) {
    this.report = report;
  }

  @GET
  public Response health() {
    return report.respond();
  }
}
