package io.causality.sim.resources;

import io.causality.common.openapi.ContractDocument;
import io.causality.sim.docs.OpenApiDocument;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Set;

/** {@code GET /v1/openapi.json}: public; the OpenAPI 3.1 description of this service. */
@Path("/v1/openapi.json")
@Tag(name = "Documentation")
public final class OpenApiResource {
  private final ContractDocument document;

  public OpenApiResource(String version, Set<Class<?>> resources) {
    this.document = OpenApiDocument.contract(version, resources);
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The OpenAPI 3.1 description of this API (public)")
  @ApiResponse(responseCode = "200", description = "The OpenAPI document")
  public String document() {
    return document.json();
  }
}
