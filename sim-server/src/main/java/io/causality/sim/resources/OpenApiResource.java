package io.causality.sim.resources;

import io.causality.sim.docs.OpenApiDocument;
import io.swagger.v3.jaxrs2.integration.resources.BaseOpenApiResource;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import jakarta.servlet.ServletConfig;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Application;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Set;

/** {@code GET /v1/openapi.json}: public; the OpenAPI 3.1 description of this service. */
@Path("/v1/openapi.json")
@Tag(name = "Documentation")
public final class OpenApiResource extends BaseOpenApiResource {
  @Context private ServletConfig servletConfig;
  @Context private Application application;

  public OpenApiResource(String version, Set<Class<?>> resources) {
    SwaggerConfiguration configuration = OpenApiDocument.configuration(version, resources);
    openApiConfiguration(configuration);
  }

  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The OpenAPI 3.1 description of this API (public)")
  @ApiResponse(responseCode = "200", description = "The OpenAPI document")
  public Response document(@Context HttpHeaders headers, @Context UriInfo uriInfo)
      throws Exception {
    return getOpenApi(headers, servletConfig, application, uriInfo, "json");
  }
}
