package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.engine.input.DecreeType;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

/**
 * The views of the console with real data, and the live stream, in a real browser against the
 * running application, read as a person reads it: by labels, headings and visible text
 * (docs/console.md, "Tests"). A failing test leaves a screenshot in target/console-screenshots/;
 * with {@code -Dconsole.docScreenshots=dir} the views are saved there for the docs.
 */
class ConsoleViewsIntegrationTest extends ConsoleBrowserTest {
  static final DropwizardAppExtension<SimConfiguration> APP = ConsolePage.application();

  @BeforeAll
  static void start() {
    open(APP);
  }

  @Test
  void aSimulationIsCreatedAndSteppedFromThePage() {
    page.signIn(page.key);
    browser.await(d -> page.scenarioCard("Prophecy loop").isDisplayed());
    browser.button(page.scenarioCard("Prophecy loop"), "Create").click();

    browser.await(d -> browser.heading().getText().equals("Simulation of prophecy-loop"));
    browser.awaitText("Following live events");
    WebElement ticks = browser.field("Ticks to step");
    ticks.clear();
    ticks.sendKeys("15");
    browser.button("Step").click();

    browser.awaitText("Stepped 15 ticks; now at tick 14.");
    browser.awaitText("15 ticks plotted, from 0 to 14.");
    assertThat(browser.section("Summary").getText()).contains("paused", "1.0.0");
    assertThat(browser.section("Grid").getText()).contains("tick 14");
    page.docScreenshot("simulation");
  }

  @Test
  void createAndRunDrawsTheTraceOfTheTicksRun() {
    page.signIn(page.key);
    browser.await(d -> page.scenarioCard("Stable basins").getText().contains("30 agents"));
    WebElement card = page.scenarioCard("Stable basins");
    WebElement ticks = browser.field(card, "Ticks to run");
    ticks.clear();
    ticks.sendKeys("25");
    browser.button(card, "Create and run").click();

    browser.awaitText("25 ticks plotted, from 0 to 24.");
    // one request created and ran it, its trace plotted as it streamed in
    String url = browser.driver.getCurrentUrl();
    String id = url.substring(url.lastIndexOf('/') + 1);
    assertThat(browser.requestedUrls())
        .contains(page.origin() + "/v1/simulations/run")
        .doesNotContain(page.origin() + "/v1/simulations/" + id + "/step");
    Object runPlotted =
        browser.driver.executeScript(
            "return performance.getEntriesByName('console:run-plotted')"
                + ".map(m => m.detail).find(d => d.simulationId === arguments[0])?.ticks",
            id);
    assertThat(runPlotted).isEqualTo(25L);
    // the simulation opened with the trace the run streamed: it was not asked for again
    assertThat(browser.requestedUrls())
        .noneMatch(u -> u.startsWith(page.origin() + "/v1/simulations/" + id + "/trace"));
    List<WebElement> plots = browser.driver.findElements(By.cssSelector(".uplot .u-over"));
    assertThat(plots).hasSize(3);

    new Actions(browser.driver).moveToElement(plots.get(0)).perform();

    browser.await(
        d -> browser.text().matches("(?s).*tick \\d+: b 0\\.\\d+, mean gamma 0\\.\\d+.*"));
  }

  @Test
  void aDecreeSubmittedFromThePageShowsInTheList() {
    String id = page.createAndStep("chaos-storm", 3);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("3 ticks plotted");

    // the types the service publishes (its OpenAPI DecreeType enum), in its order
    browser.await(d -> !new Select(browser.field("Decree type")).getOptions().isEmpty());
    browser.await(
        d ->
            new Select(browser.field("Decree type"))
                .getOptions().stream()
                    .map(WebElement::getText)
                    .toList()
                    .equals(DecreeType.wireNames()));
    new Select(browser.field("Decree type")).selectByVisibleText("shock");
    browser.field(browser.section("Decree"), "magnitude").sendKeys("2.5");
    browser.button("Submit decree").click();

    browser.awaitText("Decree shock accepted for tick 3.");
    browser.await(d -> browser.section("Decrees").getText().contains("{\"magnitude\":2.5}"));
    assertThat(browser.section("Decrees").getText()).contains("shock");

    browser.field("Agent").sendKeys("a00");
    browser.field("gamma (optional)").sendKeys("0.6");
    browser.button("Change policy").click();

    browser.awaitText("Policy of a00 changed from the next tick.");
  }

  @Test
  void theSimulationsListShowsThemAndFiltersByStatus() {
    String id = page.createAndStep("migration", 2);
    page.signIn(page.key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();

    browser.await(d -> browser.heading().getText().equals("Simulations"));
    browser.await(d -> browser.text().contains(id));
    new Select(browser.field("Status")).selectByVisibleText("completed");
    browser.awaitText("No completed simulation.");
    new Select(browser.field("Status")).selectByVisibleText("paused");
    browser.await(d -> browser.text().contains(id));
    // the service filters: the pager counts the paused ones of the whole list
    long paused = page.total("/v1/simulations?status=paused");
    browser.await(d -> browser.text().contains(" of " + paused));
    assertThat(browser.requestedUrls())
        .anySatisfy(url -> assertThat(url).contains("status=paused"));

    browser.driver.findElement(By.xpath("//tr[.//td[normalize-space(.)='" + id + "']]//a")).click();
    browser.await(d -> browser.heading().getText().equals("Simulation of migration"));
    browser.driver.navigate().back();
    browser.await(d -> browser.heading().getText().equals("Simulations"));
  }

  @Test
  void aDeepLinkWorksOnReload() {
    String id = page.createAndStep("tipping-point", 4);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("4 ticks plotted, from 0 to 3.");

    browser.driver.navigate().refresh();

    browser.awaitText("4 ticks plotted, from 0 to 3.");
    browser.button("Replay").click();
    browser.await(d -> browser.section("Grid").getText().contains("Stop replay"));
    browser.await(d -> browser.section("Grid").getText().contains("Replay"));
    assertThat(browser.section("Grid").getText()).contains("tick 3");
  }

  @Test
  void theGridAsksTheServiceForTheTickItShows() {
    String id = page.createAndStep("tipping-point", 6);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("6 ticks plotted, from 0 to 5.");
    assertThat(browser.section("Grid").getText()).contains("tick 5");

    WebElement slider = browser.field("Tick shown");
    slider.sendKeys(Keys.HOME);
    browser.await(d -> browser.section("Grid").getText().contains("initial state"));
    slider.sendKeys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);

    browser.await(d -> browser.section("Grid").getText().contains("tick 2"));
    assertThat(browser.requestedUrls())
        .contains(
            page.origin() + "/v1/simulations/" + id + "/trace?fromTick=2&toTick=2",
            page.origin() + "/v1/simulations/" + id + "/trace");
    slider.sendKeys(Keys.END);
    browser.await(d -> browser.section("Grid").getText().contains("tick 5"));
  }

  @Test
  void theLiveViewFollowsPlaybackAndResumesAfterTheStreamIsCut() {
    String id = page.createAndStep("stable-basins", 1);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("Following live events");
    new Select(browser.field("Speed")).selectByVisibleText("5×");
    browser.button("Play").click();
    browser.await(d -> page.plotted()[2] >= 20);
    browser.driver.executeScript("arguments[0].scrollIntoView()", browser.section("Live events"));
    page.docScreenshot("live", false);

    browser.button("Stop following").click();
    browser.awaitText("Not following live events.");
    int cutAt = page.plotted()[2];
    browser.await(d -> page.serverTick(id) >= cutAt + 20);
    browser.button("Follow live").click();

    browser.await(d -> page.plotted()[2] >= cutAt + 25);
    browser.button("Pause").click();
    int[] after = page.plotted();
    // every tick from the first to the last, none missing and none twice
    assertThat(after[0]).isEqualTo(after[2] - after[1] + 1);
  }

  @Test
  void theGateAnswerIsShownEvenWhenTheGateIsOff() {
    String id = page.createAndStep("chaos-storm", 2);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("2 ticks plotted");

    browser.button("Evaluate against the gate").click();

    browser.await(
        d -> browser.section("State gate").getText().contains("Evaluation is not configured"));
    page.expectFailedLoads("503");
  }

  @Test
  void aNarrowWindowShowsEverythingInOneColumnAndTheKeyboardReachesIt() {
    String id = page.createAndStep("stable-basins", 5);
    page.signIn(page.key);
    Dimension laptop = browser.driver.manage().window().getSize();
    browser.driver.manage().window().setSize(new Dimension(480, 900));
    try {
      browser.open(page.origin() + "/console/simulations/" + id);
      browser.awaitText("5 ticks plotted, from 0 to 4.");

      Object overflow =
          browser.driver.executeScript(
              "return document.documentElement.scrollWidth - window.innerWidth");
      assertThat(((Number) overflow).intValue()).isLessThanOrEqualTo(0);
      assertThat(browser.section("Grid").isDisplayed()).isTrue();
      assertThat(browser.driver.switchTo().activeElement().getText())
          .isEqualTo("Simulation of stable-basins");
      browser.driver.switchTo().activeElement().sendKeys(Keys.TAB);
      // a navigation puts the focus on the view's heading; Tab goes on to the next control
      String focused =
          (String) browser.driver.executeScript("return document.activeElement.tagName");
      assertThat(focused).isIn("A", "BUTTON", "INPUT", "SELECT");
    } finally {
      browser.driver.manage().window().setSize(laptop);
    }
  }

  @Test
  void aNewSimulationShowsItsInitialStateAndNoTickYet() {
    page.signIn(page.key);
    browser.await(d -> page.scenarioCard("Migration").isDisplayed());
    browser.button(page.scenarioCard("Migration"), "Create").click();

    browser.await(d -> browser.heading().getText().equals("Simulation of migration"));
    browser.await(d -> browser.section("Grid").getText().contains("initial state"));
    String grid = browser.driver.findElement(By.id("grid-canvas")).getAttribute("aria-label");
    assertThat(grid).matches("The grid at initial state: \\d+ attractors, [1-9]\\d* agents");
    assertThat(browser.section("Summary").getText())
        .contains("Tick\nnone yet")
        .doesNotContain("Tick\n-1"); // the id, a random UUID, may hold "-1"
    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> browser.heading().getText().equals("Simulations"));
    browser.await(d -> browser.text().contains("none yet"));
    assertThat(browser.text()).doesNotContain(" -1");
  }

  @Test
  void createAndRunFromALowerCardDrawsUnderItInViewAndCanBeCancelled() {
    page.signIn(page.key);
    browser.await(d -> page.scenarioCard("Stable basins").getText().contains("30 agents"));
    List<WebElement> cards = browser.driver.findElements(By.cssSelector("article.card"));
    WebElement last = cards.get(cards.size() - 1);
    browser.driver.executeScript("arguments[0].scrollIntoView()", last);
    WebElement ticks = browser.field(last, "Ticks to run");
    ticks.clear();
    ticks.sendKeys("2000");
    browser.cdp("Network.enable", Map.of());
    // a slow line, so that the run is still streaming when Cancel is pressed
    browser.cdp(
        "Network.emulateNetworkConditions",
        Map.of(
            "offline", false, "latency", 0, "downloadThroughput", 20_000, "uploadThroughput", -1));
    try {
      browser.button(last, "Create and run").click();

      WebElement running =
          browser.await(
              d ->
                  d.findElement(
                      By.xpath("//section[.//h2[starts-with(normalize-space(.), 'Running')]]")));
      assertThat(browser.inView(running)).isTrue();
      // under the card that asked for it, not above the list
      assertThat(browser.pageTop(running)).isGreaterThan(browser.pageTop(last));
      browser.button(running, "Cancel").click();

      browser.awaitText("cancelled");
      assertThat(browser.text()).contains("created and run on the service already");
    } finally {
      browser.cdp(
          "Network.emulateNetworkConditions",
          Map.of("offline", false, "latency", 0, "downloadThroughput", -1, "uploadThroughput", -1));
    }
    browser.driver.findElement(By.linkText("Open it")).click();
    browser.await(d -> browser.heading().getText().startsWith("Simulation of"));
    browser.awaitText("2000 ticks plotted");
  }

  @Test
  void paradoxMarkersAreThereAfterAReload() {
    String id = page.createAndStep("prophecy-loop", 60);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("60 ticks plotted");
    browser.await(
        d -> browser.section("Plots over ticks").getText().matches("(?s).*Marked: .*parad.*"));
    String marked = markedLine();

    browser.driver.navigate().refresh();

    browser.awaitText("60 ticks plotted");
    browser.await(d -> markedLine().equals(marked));
    assertThat(browser.section("Timeline").getText()).containsPattern("tick \\d+: paradox: agent");
  }

  private static String markedLine() {
    return browser
        .section("Plots over ticks")
        .findElement(By.className("marker-summary"))
        .getText();
  }

  @Test
  void eachPageOfTheListIsAPlaceInTheHistory() {
    String key = page.keyOfNewOrganization("professional");
    for (int i = 0; i < 21; i++) {
      page.create("stable-basins", key);
    }
    page.signIn(key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.awaitText("1–20 of 21");

    browser.button("Next page").click();
    browser.awaitText("21–21 of 21");
    browser.driver.navigate().back();

    browser.awaitText("1–20 of 21");
    assertThat(browser.driver.getCurrentUrl()).endsWith("/console/simulations");
    browser.driver.navigate().forward();
    browser.awaitText("21–21 of 21");
    assertThat(browser.driver.getCurrentUrl()).endsWith("/console/simulations?offset=20");
  }

  @Test
  void aZoomHoldsWhileTicksArriveUntilItIsReset() {
    String id = page.createAndStep("stable-basins", 40);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("40 ticks plotted");
    browser.awaitText("Following live events");
    WebElement plot = browser.driver.findElements(By.cssSelector(".uplot .u-over")).get(0);
    int width = plot.getSize().getWidth();
    new Actions(browser.driver)
        .moveToElement(plot, -width / 4, 0)
        .clickAndHold()
        .moveByOffset(width / 4, 0)
        .release()
        .perform();
    browser.await(d -> browser.section("Plots over ticks").getText().contains("Zoomed to ticks"));
    String zoom = zoomLine();
    assertThat(browser.driver.getCurrentUrl()).contains("from=").contains("to=");

    new Select(browser.field("Speed")).selectByVisibleText("10×");
    browser.button("Play").click();
    try {
      browser.await(d -> page.plotted()[2] >= 70);
      assertThat(zoomLine()).isEqualTo(zoom);
    } finally {
      browser.button("Pause").click();
    }
    browser.button("Reset zoom").click();

    browser.await(d -> !browser.section("Plots over ticks").getText().contains("Zoomed to ticks"));
    assertThat(browser.driver.getCurrentUrl()).doesNotContain("from=");
  }

  private static String zoomLine() {
    String text = browser.section("Plots over ticks").getText();
    return text.substring(text.indexOf("Zoomed to ticks")).lines().findFirst().orElseThrow();
  }

  @Test
  void manyQuickPressesSubmitOneDecree() {
    String id = page.createAndStep("chaos-storm", 2);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("2 ticks plotted");
    browser.await(d -> !new Select(browser.field("Decree type")).getOptions().isEmpty());
    new Select(browser.field("Decree type")).selectByVisibleText("shock");
    browser.field(browser.section("Decree"), "magnitude").sendKeys("2");

    // ten presses before the first answer could arrive
    browser.driver.executeScript(
        "for (let i = 0; i < 10; i++) arguments[0].click()", browser.button("Submit decree"));

    browser.awaitText("Decree shock accepted for tick 2.");
    browser.await(d -> browser.button("Submit decree").isEnabled());
    assertThat(page.total("/v1/simulations/" + id + "/decrees")).isEqualTo(1);
  }
}
