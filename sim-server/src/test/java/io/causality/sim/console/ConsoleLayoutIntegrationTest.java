package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * How the console reads: every text at 4.5:1 or more against its background, in light and dark mode
 * (the system's preference, emulated), and every page within a phone's 390 pixels with the
 * simulation's controls on its first screen. The contrast is measured in the page (contrast.js).
 */
class ConsoleLayoutIntegrationTest extends ConsoleBrowserTest {
  static final DropwizardAppExtension<SimConfiguration> APP = ConsolePage.application();
  private static final String CONTRAST = script("/console/contrast.js");
  private static String simulation;

  @BeforeAll
  static void start() {
    open(APP);
    simulation = page.createAndStep("prophecy-loop", 60);
  }

  @AfterEach
  void plainScreen() {
    if (browser != null) {
      browser.cdp("Emulation.clearDeviceMetricsOverride", Map.of());
      browser.cdp("Emulation.setEmulatedMedia", Map.of("features", List.of()));
    }
  }

  @Test
  void everyTextReadsAtFourAndAHalfToOneInLightMode() {
    assertThat(lowContrastOnEveryView("")).isEmpty();
  }

  @Test
  void everyTextReadsAtFourAndAHalfToOneInDarkMode() {
    dark();
    List<String> failures = lowContrastOnEveryView("dark-");
    assertThat(failures).isEmpty();
    // the page is dark indeed: its background is darker than its text
    assertThat(
            browser.driver.executeScript("return getComputedStyle(document.body).backgroundColor"))
        .isEqualTo("rgb(18, 21, 28)");
  }

  @Test
  void onAPhoneEveryPageFitsItsWidthAndTheControlsAreOnTheFirstScreen() {
    browser.cdp(
        "Emulation.setDeviceMetricsOverride",
        Map.of("width", 390, "height", 844, "deviceScaleFactor", 1, "mobile", true));
    page.signIn(page.key);
    for (String view :
        List.of("scenarios", "simulations", "simulations/" + simulation, "organization")) {
      browser.open(page.origin() + "/console/" + view);
      awaitLoaded(view);
      long overflow =
          ((Number)
                  browser.driver.executeScript(
                      "return document.documentElement.scrollWidth - window.innerWidth"))
              .longValue();
      assertThat(overflow).as(view + " is wider than the phone by").isLessThanOrEqualTo(0);
    }
    browser.open(page.origin() + "/console/simulations/" + simulation);
    awaitLoaded("simulations/" + simulation);
    assertThat(browser.pageTop(browser.button("Play")))
        .as("Play's distance from the top")
        .isLessThan(844);
    assertThat(browser.pageTop(browser.button("Step"))).isLessThan(844);
    page.docScreenshot("phone-simulation");
    browser.open(page.origin() + "/console/scenarios");
    awaitLoaded("scenarios");
    page.docScreenshot("phone-scenarios");
  }

  private void dark() {
    browser.cdp(
        "Emulation.setEmulatedMedia",
        Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
  }

  /** The failures of every view: sign-in, scenarios, the list, a simulation, the organization. */
  private List<String> lowContrastOnEveryView(String screenshotPrefix) {
    List<String> failures = new ArrayList<>();
    browser.open(page.origin() + "/console/");
    browser.await(d -> browser.heading().getText().equals("Sign in"));
    failures.addAll(lowContrast("sign-in"));
    page.signIn(page.key);
    for (String view :
        List.of("scenarios", "simulations", "simulations/" + simulation, "organization")) {
      browser.open(page.origin() + "/console/" + view);
      awaitLoaded(view);
      failures.addAll(lowContrast(view));
    }
    browser.open(page.origin() + "/console/simulations/" + simulation);
    awaitLoaded("simulations/" + simulation);
    if (!screenshotPrefix.isEmpty()) {
      page.docScreenshot(screenshotPrefix + "simulation");
    }
    return failures;
  }

  private void awaitLoaded(String view) {
    if (view.startsWith("simulations/")) {
      browser.awaitText("60 ticks plotted");
      browser.awaitText("events shown");
    } else if (view.equals("scenarios")) {
      browser.await(d -> page.scenarioCard("Prophecy loop").isDisplayed());
    } else if (view.equals("simulations")) {
      browser.await(d -> browser.text().contains("prophecy-loop"));
    } else {
      browser.awaitText("Usage history");
      browser.await(d -> !d.findElements(By.cssSelector(".uplot")).isEmpty());
    }
  }

  @SuppressWarnings("unchecked")
  private List<String> lowContrast(String view) {
    return ((List<String>) browser.driver.executeScript(CONTRAST))
        .stream().map(failure -> view + ": " + failure).toList();
  }

  private static String script(String resource) {
    try (InputStream in = ConsoleLayoutIntegrationTest.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
