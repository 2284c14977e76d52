package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The console's plain modules under unit tests of their own (src/test/resources/console-tests:
 * trace.js with its worker, stream.js), run in the headless browser the other console tests use, on
 * a page the test application serves beside the console: no Node toolchain.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ConsoleModulesIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConsoleModulesTestApplication.class, "configs/minimal.yml");

  private static ConsoleBrowser browser;

  @BeforeAll
  static void start() {
    ConsoleBrowser.assumeAvailable();
    browser = ConsoleBrowser.startIfAvailable();
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.close();
    }
  }

  @Test
  void everyModuleTestPasses() {
    browser.open("http://127.0.0.1:" + APP.getLocalPort() + "/console-tests/index.html");
    List<Map<String, Object>> results =
        browser.await(
            d -> {
              @SuppressWarnings("unchecked")
              List<Map<String, Object>> r =
                  (List<Map<String, Object>>)
                      browser.driver.executeScript("return window.consoleTestResults ?? null");
              return r;
            });

    assertThat(results)
        .as("the module tests that ran (a module that fails to load runs none)")
        .hasSizeGreaterThanOrEqualTo(16);
    assertThat(results)
        .filteredOn(r -> !Boolean.TRUE.equals(r.get("passed")))
        .as("failed module tests")
        .isEmpty();
    assertThat(browser.consoleErrors()).as("browser console errors").isEmpty();
  }
}
