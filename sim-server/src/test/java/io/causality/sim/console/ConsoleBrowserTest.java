package io.causality.sim.console;

import io.causality.sim.SimConfiguration;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * What every browser test of the console does around its tests: one browser for the class on the
 * running application (opened by the subclass's {@code @BeforeAll} with {@link #open}), every test
 * starting signed out, and after every test the checks that the page stayed on its origin with the
 * key in no URL and no browser-console error (docs/console.md, "Tests"). A failing test leaves a
 * screenshot in target/console-screenshots/.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
abstract class ConsoleBrowserTest {
  static ConsolePage page;
  static ConsoleBrowser browser;

  @RegisterExtension
  final TestWatcher screenshots =
      new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
          page.failed(context.getDisplayName());
        }
      };

  /** Opens the browser on {@code app}, which its extension has started. */
  static void open(DropwizardAppExtension<SimConfiguration> app) {
    page = new ConsolePage(app);
    browser = page.browser;
  }

  @AfterAll
  static void closeBrowser() {
    page.close();
  }

  @BeforeEach
  void signedOut() {
    page.signedOut();
  }

  @AfterEach
  void stayedOnTheOriginWithTheKeyInNoUrl() {
    page.checkStayedOnTheOriginWithTheKeyInNoUrl();
  }
}
