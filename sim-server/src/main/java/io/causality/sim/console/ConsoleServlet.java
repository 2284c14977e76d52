package io.causality.sim.console;

import io.causality.sim.console.ConsoleAssets.Asset;
import io.dropwizard.core.setup.Environment;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * The web console (docs/console.md) on the application port: {@code /} redirects to {@code
 * /console/}; {@code /console/assets/*} and {@code /console/vendor/uplot/*} are files from the jar;
 * every other path under {@code /console} answers the page itself, so that a deep link such as
 * {@code /console/simulations/{id}} works on reload. The page is public; everything it shows comes
 * from the authenticated API.
 */
public final class ConsoleServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;

  /**
   * Only this origin, no inline script or style element, no framing: the key the page holds in
   * sessionStorage is readable by any script that runs in it, so no script but ours may run.
   */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
          + "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
          + "form-action 'self'; frame-ancestors 'none'";

  private static final String ASSETS = "/assets/";
  private static final String UPLOT = "/vendor/uplot/";
  private final transient ConsoleAssets assets = new ConsoleAssets();

  /** Serves the console at {@code /console} and redirects {@code /} there. */
  public static void register(Environment environment) {
    environment
        .servlets()
        .addServlet("console", new ConsoleServlet())
        .addMapping("", "/console", "/console/*");
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    secure(response);
    if (!request.getServletPath().startsWith("/console")) {
      response.sendRedirect("/console/");
      return;
    }
    String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
    Optional<Asset> asset = find(path);
    if (asset.isEmpty()) {
      response.sendError(HttpServletResponse.SC_NOT_FOUND);
      return;
    }
    send(asset.get(), request, response);
  }

  private Optional<Asset> find(String path) {
    if (path.startsWith(ASSETS)) {
      return assets.own(path.substring(ASSETS.length()));
    }
    if (path.startsWith(UPLOT)) {
      return assets.uplot(path.substring(UPLOT.length()));
    }
    return assets.own("index.html");
  }

  private static void send(Asset asset, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    response.setHeader("ETag", asset.etag());
    // Revalidated on every use: a new jar's files are seen at once, unchanged ones cost a 304.
    response.setHeader("Cache-Control", "no-cache");
    if (asset.etag().equals(request.getHeader("If-None-Match"))) {
      response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
      return;
    }
    response.setContentType(asset.contentType());
    response.setContentLength(asset.bytes().length);
    response.getOutputStream().write(asset.bytes());
  }

  private static void secure(HttpServletResponse response) {
    response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "no-referrer");
    response.setHeader("X-Frame-Options", "DENY");
  }
}
