package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The API reference at {@code /v1/docs} in a real browser under its Content-Security-Policy (no
 * inline script, docs/security.md): Swagger UI draws the operations, and the browser reports no
 * violation and no error. A browser of its own: Swagger UI's stylesheet loads {@code data:} images,
 * which the console's browser tests would take for requests off the origin.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ApiDocsBrowserIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP = ConsolePage.application();
  static ConsoleBrowser browser;

  @BeforeAll
  static void start() {
    browser = ConsoleBrowser.startIfAvailable();
  }

  @AfterAll
  static void close() {
    if (browser != null) {
      browser.close();
    }
  }

  @Test
  void theReferenceRendersWithoutAViolation() {
    ConsoleBrowser.assumeAvailable();
    browser.open("http://127.0.0.1:" + APP.getLocalPort() + "/v1/docs");

    browser.await(d -> browser.text().contains("/v1/simulations/{id}/trace"));
    assertThat(browser.text()).contains("Simulation Service API");
    assertThat(browser.consoleErrors()).isEmpty();
  }
}
