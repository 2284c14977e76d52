package io.causality.common.openapi;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.CacheControl;
import jakarta.ws.rs.core.Context;
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
 *
 * <p>The page and its files carry the console's protective headers ({@link
 * #CONTENT_SECURITY_POLICY}, no framing, no sniffing, no referrer): the page has no inline script
 * (its start-up is the file {@code swagger-initializer.js}), so only this origin's scripts run in
 * it.
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

  /**
   * Only this origin's files, no inline script. Swagger UI's stylesheet draws its icons from {@code
   * data:} images, and its bundle adds one style element, allowed by its hash: a new swagger-ui
   * version may change that element, and {@code ApiDocsBrowserIntegrationTest} then reports the
   * violation with the new hash.
   */
  public static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self' "
          + "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; "
          + "img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; "
          + "form-action 'none'; frame-ancestors 'none'";

  /** The console's headers (sim-server's {@code ConsoleServlet}), on the page and its files. */
  private static final Map<String, String> SECURITY_HEADERS =
      Map.of(
          "Content-Security-Policy", CONTENT_SECURITY_POLICY,
          "X-Frame-Options", "DENY",
          "X-Content-Type-Options", "nosniff",
          "Referrer-Policy", "no-referrer");

  private static final String INITIALIZER = "swagger-initializer.js";
  private static final String INITIALIZER_SCRIPT =
      """
      window.ui = SwaggerUIBundle({url: "/v1/openapi.json", dom_id: "#swagger-ui",
        validatorUrl: null,
        presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
        layout: "StandaloneLayout"});
      """;
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
        <script src="/v1/docs/swagger-initializer.js"></script>
      </body>
      </html>
      """;

  private final String assetRoot = WEBJAR + webjarVersion() + "/";
  private final String page;

  /** The page, titled with the service's name. */
  public ApiDocsResource(String title) {
    this.page = PAGE.formatted(title.replace("&", "&amp;").replace("<", "&lt;"));
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
  public String page(@Context HttpServletResponse response) {
    SECURITY_HEADERS.forEach(response::setHeader);
    return page;
  }

  @GET
  @Path("/{asset}")
  @Operation(hidden = true)
  public Response asset(@PathParam("asset") String asset) {
    if (INITIALIZER.equals(asset)) {
      return cached(Response.ok(INITIALIZER_SCRIPT, "application/javascript"));
    }
    String type = ASSETS.get(asset);
    InputStream content =
        type == null
            ? null
            : ApiDocsResource.class.getClassLoader().getResourceAsStream(assetRoot + asset);
    if (content == null) {
      throw new ApiException(404, ErrorCodes.NOT_FOUND, "No documentation asset " + asset);
    }
    return cached(Response.ok(content, type));
  }

  private static Response cached(Response.ResponseBuilder response) {
    CacheControl cache = new CacheControl();
    cache.setMaxAge(86_400);
    return secured(response).cacheControl(cache).build();
  }

  private static Response.ResponseBuilder secured(Response.ResponseBuilder response) {
    SECURITY_HEADERS.forEach(response::header);
    return response;
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
