package io.causality.sim.console;

import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.dropwizard.core.setup.Environment;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * The real application, plus the console's module tests at {@code /console-tests/} (files of
 * src/test/resources/console-tests), served beside the console under the console's own
 * Content-Security-Policy, so that the test modules import the console's modules from {@code
 * /console/assets/js/} as the page does. Only tests start it: the jar has no such path.
 */
public class ConsoleModulesTestApplication extends SimApplication {
  @Override
  public void run(SimConfiguration configuration, Environment environment) {
    super.run(configuration, environment);
    environment
        .servlets()
        .addServlet("console-tests", new TestFiles())
        .addMapping("/console-tests/*");
  }

  /** The test page and its modules, read from the test classpath. */
  static final class TestFiles extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Map<String, String> TYPES =
        Map.of("html", "text/html; charset=utf-8", "js", "text/javascript; charset=utf-8");

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      String name = request.getPathInfo() == null ? "/index.html" : request.getPathInfo();
      String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
      try (InputStream file =
          name.contains("..") || type == null
              ? null
              : getClass().getResourceAsStream("/console-tests" + name)) {
        if (file == null) {
          response.sendError(HttpServletResponse.SC_NOT_FOUND);
          return;
        }
        response.setHeader("Content-Security-Policy", ConsoleServlet.CONTENT_SECURITY_POLICY);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType(type);
        file.transferTo(response.getOutputStream());
      }
    }
  }
}
