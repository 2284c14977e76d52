package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** How the console is served: the page at every console path, files with ETags, the headers. */
@ExtendWith(DropwizardExtensionsSupport.class)
class ConsoleServingIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP = SimTestFixture.app();
  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  private HttpResponse<String> get(String path) {
    return client.send(client.request(path));
  }

  @Test
  void rootRedirectsToTheConsole() {
    HttpResponse<String> response = get("/");

    assertThat(response.statusCode()).isEqualTo(302);
    assertThat(response.headers().firstValue("Location"))
        .hasValueSatisfying(location -> assertThat(location).endsWith("/console/"));
  }

  @Test
  void everyConsolePathAnswersThePageSoThatDeepLinksSurviveAReload() {
    for (String path :
        new String[] {"/console", "/console/", "/console/simulations/" + UUID.randomUUID()}) {
      HttpResponse<String> response = get(path);

      assertThat(response.statusCode()).as(path).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type"))
          .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
      assertThat(response.body())
          .contains("<script type=\"module\" src=\"/console/assets/js/app.js\">");
    }
  }

  @Test
  void theConsoleAnswersCarryTheSecurityHeaders() {
    for (String path : new String[] {"/", "/console/", "/console/assets/js/api.js"}) {
      HttpResponse<String> response = get(path);

      assertThat(response.headers().firstValue("Content-Security-Policy"))
          .as(path)
          .hasValue(ConsoleServlet.CONTENT_SECURITY_POLICY);
      assertThat(response.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
      assertThat(response.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
    }
    assertThat(ConsoleServlet.CONTENT_SECURITY_POLICY)
        .contains("script-src 'self';", "connect-src 'self';")
        .doesNotContain("unsafe-inline", "unsafe-eval", "http:", "https:", "*");
  }

  @Test
  void filesCarryAnETagAndAnUnchangedOneAnswers304() {
    HttpResponse<String> first = get("/console/assets/js/app.js");
    String etag = first.headers().firstValue("ETag").orElseThrow();

    HttpResponse<String> again =
        client.send(client.request("/console/assets/js/app.js").header("If-None-Match", etag));

    assertThat(first.statusCode()).isEqualTo(200);
    assertThat(first.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/javascript"));
    assertThat(etag).matches("\"[0-9a-f]{32}\"");
    assertThat(again.statusCode()).isEqualTo(304);
    assertThat(again.body()).isEmpty();
  }

  @Test
  void uplotComesFromItsWebjarInTheJar() {
    HttpResponse<String> module = get("/console/vendor/uplot/uPlot.esm.js");
    HttpResponse<String> style = get("/console/vendor/uplot/uPlot.min.css");

    assertThat(module.statusCode()).isEqualTo(200);
    assertThat(module.body()).contains("export { uPlot as default }");
    assertThat(style.statusCode()).isEqualTo(200);
  }

  @Test
  void unknownFilesAndPathsOutsideTheFoldersAreNotFound() {
    assertThat(get("/console/assets/js/missing.js").statusCode()).isEqualTo(404);
    assertThat(get("/console/assets/%2e%2e/%2e%2e/config.yml").statusCode()).isIn(400, 404);
    assertThat(get("/console/vendor/uplot/..%2FLICENSE").statusCode()).isIn(400, 404);
    assertThat(get("/console/vendor/uplot/uPlot.d.ts").statusCode()).isEqualTo(404);
  }

  @Test
  void theApiStaysAuthenticated() {
    assertThat(get("/v1/simulations").statusCode()).isEqualTo(401);
  }
}
