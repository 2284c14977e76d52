package io.causality.common.openapi;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * {@code GET /v1/docs}: public; Swagger UI for {@code /v1/openapi.json}, served from the swagger-ui
 * webjar inside the jar, so it works with no outside network. The online validator is off: it would
 * send the document to an outside service, and the build lints the document itself.
 */
@Path("/v1/docs")
@Tag(name = "Documentation")
public final class ApiDocsResource {
  private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
  private static final Map<String, String> ASSETS =
      Map.of(
          "swagger-ui.css", "text/css",
          "swagger-ui-bundle.js", "application/javascript",
          "swagger-ui-standalone-preset.js", "application/javascript",
          "favicon-32x32.png", "image/png");
  private static final String PAGE =
      """
      <!DOCTYPE html>
      <html lang="en">
      <head>
        <meta charset="UTF-8">
        <title>%s</title>
        <link rel="stylesheet" href="/v1/docs/swagger-ui.css">
        <link rel="icon" type="image/png" href="/v1/docs/favicon-32x32.png">
      </head>
      <body>
        <div id="swagger-ui"></div>
        <script src="/v1/docs/swagger-ui-bundle.js"></script>
        <script src="/v1/docs/swagger-ui-standalone-preset.js"></script>
        <script>
          window.ui = SwaggerUIBundle({url: "/v1/openapi.json", dom_id: "#swagger-ui",
            validatorUrl: null,
            presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
            layout: "StandaloneLayout"});
        </script>
      </body>
      </html>
      """;

  private final String assetRoot = WEBJAR + webjarVersion() + "/";
  private final String page;

  /** The page, titled with the service's name. */
  public ApiDocsResource(String title) {
    this.page = PAGE.formatted(title.replace("<", "&lt;").replace("&", "&amp;"));
  }

  @GET
  @Produces(MediaType.TEXT_HTML)
  @Operation(
      operationId = "getApiReference",
      summary = "Interactive API reference (public)",
      description =
          "Swagger UI on this service's OpenAPI document, served from the jar (no online "
              + "validator, nothing loaded from elsewhere).")
  @ApiResponse(responseCode = "200", description = "The Swagger UI page")
  public String page() {
    return page;
  }

  @GET
  @Path("/{asset}")
  @Operation(hidden = true)
  public Response asset(@PathParam("asset") String asset) {
    String type = ASSETS.get(asset);
    InputStream content =
        type == null
            ? null
            : ApiDocsResource.class.getClassLoader().getResourceAsStream(assetRoot + asset);
    if (content == null) {
      throw new ApiException(404, ErrorCodes.NOT_FOUND, "No documentation asset " + asset);
    }
    CacheControl cache = new CacheControl();
    cache.setMaxAge(86_400);
    return Response.ok(content, type).cacheControl(cache).build();
  }

  private static String webjarVersion() {
    try (InputStream in =
        ApiDocsResource.class
            .getClassLoader()
            .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("The swagger-ui webjar is missing from the classpath");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
