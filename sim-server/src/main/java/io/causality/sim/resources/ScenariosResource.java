package io.causality.sim.resources;

import com.codahale.metrics.annotation.ExceptionMetered;
import com.codahale.metrics.annotation.Timed;
import io.causality.sim.api.DataList;
import io.causality.sim.api.RawJson;
import io.causality.sim.core.EngineCatalog;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** {@code /v1/scenarios}: public; the pre-built scenarios. */
@Path("/v1/scenarios")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Scenarios")
public final class ScenariosResource {
  private final DataList<RawJson> summaries;

  public ScenariosResource(EngineCatalog catalog) {
    // The catalog is fixed at start, so the answer is built once.
    List<RawJson> list =
        catalog.scenarios().summaries().stream()
            .map(summary -> RawJson.of(gen -> ScenarioJson.writeSummary(gen, summary)))
            .toList();
    this.summaries = new DataList<>(list);
  }

  @GET
  @Timed
  @ExceptionMetered
  @Operation(
      summary = "List the pre-built scenarios (public)",
      description = "Each scenario's summary: id, label, seed, tags and note.")
  @ApiResponse(
      responseCode = "200",
      description = "{data: ScenarioSummary[]}",
      useReturnTypeSchema = true)
  public DataList<RawJson> list() {
    return summaries;
  }
}
