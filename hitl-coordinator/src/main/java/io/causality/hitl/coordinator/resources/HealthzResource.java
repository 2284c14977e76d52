package io.causality.hitl.coordinator.resources;

import io.causality.common.health.HealthReport;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** {@code GET /healthz}: public; runs every health check, the database's among them. */
@Path("/healthz")
@Produces(MediaType.APPLICATION_JSON)
public final class HealthzResource {
  private final HealthReport report;

  public HealthzResource(HealthReport report) {
    this.report = report;
  }

  @GET
  public Response health() {
    return report.respond();
  }
}
