package io.causality.common.openapi;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Objects;

/** {@code GET /v1/openapi.json}: public; the OpenAPI 3.1 description of the service. */
@Path("/v1/openapi.json")
@Tag(name = "Documentation")
public final class OpenApiResource {
  private final ContractDocument document;

  public OpenApiResource(ContractDocument document) {
    this.document = Objects.requireNonNull(document, "document");
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(
      operationId = "getOpenApiDocument",
      summary = "The OpenAPI 3.1 description of this API (public)",
      description =
          "The contract a client may build on or generate a client from (docs/api-contract.md); "
              + "the same bytes until the service is upgraded.")
  @ApiResponse(responseCode = "200", description = "The OpenAPI document")
  public String document() {
    return document.json();
  }
}
