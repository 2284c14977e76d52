package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.RawJson;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.core.errors.ScenarioNotFoundException;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** {@code /v1/scenarios/{id}}: public; one pre-built scenario in full. */
@Path("/v1/scenarios/{id}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Scenarios")
public final class ScenarioResource {
  private final EngineCatalog catalog;

  /** Pre-built scenarios never change: each is written once, on its first request. */
  private final Map<String, RawJson> written = new ConcurrentHashMap<>();

  public ScenarioResource(EngineCatalog catalog) {
    this.catalog = catalog;
  }

  @GET
  @Timed
  @ExceptionMetered
  @Operation(
      summary = "Get a pre-built scenario (public)",
      description =
          "The full scenario: seed, agents, initial state, node labels and rules, as "
              + "docs/scenarios.md describes them.")
  @ApiResponse(responseCode = "200", description = "The full scenario")
  @ApiResponse(responseCode = "404", description = "No such scenario")
  public RawJson get(
      @Parameter(description = "The scenario's id", example = "stable-basins") @PathParam("id")
          String id) {
    return catalog
        .scenarios()
        .find(id)
        .map(
            scenario ->
                written.computeIfAbsent(
                    scenario.id(), key -> RawJson.of(gen -> ScenarioJson.writeFull(gen, scenario))))
        .orElseThrow(() -> new ScenarioNotFoundException(id));
  }
}
