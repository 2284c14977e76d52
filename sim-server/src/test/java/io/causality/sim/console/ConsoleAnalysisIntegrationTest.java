package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The console as a place to analyse runs: exports (the server's CSVs, PNGs of the plots and the
 * grid), the timeline with its filters and clicks, a place kept in the address, the list's outcomes
 * and order, names, notes and deletion, a run with another seed, the comparison of runs, and the
 * parameters form validated by the service.
 */
class ConsoleAnalysisIntegrationTest extends ConsoleBrowserTest {
  static final DropwizardAppExtension<SimConfiguration> APP = ConsolePage.application();
  private static final Duration SOON = Duration.ofSeconds(20);
  private static String prophesied;

  @BeforeAll
  static void start() {
    open(APP);
    prophesied = page.createAndStep("prophecy-loop", 60);
  }

  @Test
  void theTraceAndTheEventLogSaveAsTheServersCsvAndThePlotsAndGridAsPng() throws Exception {
    Path downloads = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "downloads");
    browser.cdp(
        "Browser.setDownloadBehavior",
        Map.of("behavior", "allow", "downloadPath", downloads.toString()));
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + prophesied);
    browser.awaitText("60 ticks plotted");

    browser.button("Save the trace as CSV").click();
    browser.awaitText("Saved simulation-" + prophesied + "-trace.csv.");
    browser.button("Save the event log as CSV").click();
    browser.awaitText("Saved simulation-" + prophesied + "-events.csv.");
    browser.button("Save \"Stability b\" as PNG").click();
    browser.button("Save the grid as PNG").click();

    String trace = file(downloads, "simulation-" + prophesied + "-trace.csv");
    assertThat(trace).isEqualTo(page.csv("/v1/simulations/" + prophesied + "/trace"));
    assertThat(trace.lines()).hasSize(61).first().asString().startsWith("tick,move,b,");
    String events = file(downloads, "simulation-" + prophesied + "-events.csv");
    assertThat(events).isEqualTo(page.csv("/v1/simulations/" + prophesied + "/event-log"));
    assertThat(events).contains(",paradox,", ",prophecy,");
    for (String png : List.of("b", "grid")) {
      BufferedImage image = png(downloads, "simulation-" + prophesied + "-" + png + ".png");
      assertThat(image.getWidth()).as(png).isGreaterThan(200);
      assertThat(image.getHeight()).as(png).isGreaterThan(150);
    }
  }

  @Test
  void theTimelineSaysEachEventInWordsFiltersAndMovesThePlotsAndTheGridToItsTick() {
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + prophesied);
    browser.awaitText("60 ticks plotted");
    WebElement timeline = browser.section("Timeline");
    browser.await(d -> timeline.getText().contains("events shown"));
    assertThat(timeline.getText())
        .containsPattern("tick 9: prophecy 0 for ticks \\d+–\\d+: (converged|did not converge)")
        .containsPattern("tick \\d+: paradox: agent \\S+ was foretold lost at tick \\d+");

    browser.field(timeline, "prophecy").click(); // no prophecies, please
    browser.await(d -> !timeline.getText().contains("prophecy 0 for ticks"));
    assertThat(timeline.getText()).contains("paradox: agent");
    WebElement paradox =
        timeline.findElement(By.xpath(".//button[contains(normalize-space(.), 'paradox: agent')]"));
    int tick = Integer.parseInt(paradox.getText().replaceAll("(?s)^tick (\\d+):.*", "$1"));
    paradox.click();

    browser.await(d -> browser.section("Grid").getText().contains("tick " + tick));
    assertThat(browser.section("Plots over ticks").getText()).contains("tick " + tick + ": b ");
    assertThat(browser.driver.getCurrentUrl()).contains("tick=" + tick);
    assertThat(paradox.getAttribute("aria-current")).isEqualTo("true");
    browser.driver.executeScript("arguments[0].scrollIntoView()", timeline);
    page.docScreenshot("timeline", false);
  }

  @Test
  void aSharedLinkOpensAtItsTickAndZoom() {
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + prophesied + "?tick=30&from=20&to=40");

    browser.awaitText("60 ticks plotted");
    browser.await(d -> browser.section("Grid").getText().contains("tick 30"));
    assertThat(browser.section("Plots over ticks").getText()).contains("Zoomed to ticks 20–40.");
    assertThat(browser.field("Tick shown").getAttribute("value")).isEqualTo("30");
    browser.driver.navigate().refresh();
    browser.await(d -> browser.section("Grid").getText().contains("tick 30"));
    assertThat(browser.section("Plots over ticks").getText()).contains("Zoomed to ticks 20–40.");
  }

  @Test
  void theListShowsOutcomesInOrderAndASimulationIsNamedAndDeleted() {
    String key = page.keyOfNewOrganization("professional");
    String calm = page.createAndStep("stable-basins", 30, key);
    String storm = page.createAndStep("collapse-cascade", 120, key);
    String unstarted = page.create("migration", key);
    page.signIn(key);
    browser.open(page.origin() + "/console/simulations/" + calm);
    browser.awaitText("30 ticks plotted");

    WebElement name = browser.field("Name");
    name.sendKeys("Calm baseline");
    browser.field("Note").sendKeys("the reference run");
    browser.button("Save name and note").click();
    browser.awaitText("Saved.");
    assertThat(browser.heading().getText())
        .isEqualTo("Calm baseline · Simulation of stable-basins");

    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> rows().size() == 3);
    assertThat(rows().get(2)).contains("Calm baseline");
    sortButton("Losses").click();
    browser.await(d -> browser.driver.getCurrentUrl().contains("sort=losses"));
    browser.await(
        d ->
            rows().get(0).contains(storm.substring(0, 8))
                || rows().get(0).contains("collapse-cascade"));
    assertThat(rows().get(2)).contains("migration").contains("none yet");
    assertThat(sortOf("Losses")).isEqualTo("descending");
    sortButton("Final b").click();
    browser.await(d -> "descending".equals(sortOf("Final b")));
    assertThat(rows().get(0)).contains("Calm baseline");
    sortButton("Final b").click();
    browser.await(d -> "ascending".equals(sortOf("Final b")));
    assertThat(rows().get(0)).contains("collapse-cascade");
    assertThat(rows().get(2)).contains("migration"); // without an outcome, last either way
    page.docScreenshot("simulations");

    browser.driver.findElement(By.xpath("//tr[td[normalize-space(.)='migration']]//a")).click();
    browser.await(d -> browser.heading().getText().equals("Simulation of migration"));
    browser.button("Delete this simulation").click();
    browser.button("Yes, delete it for good").click();

    browser.await(d -> browser.heading().getText().equals("Simulations"));
    browser.awaitText("was deleted");
    browser.await(d -> rows().size() == 2);
    assertThat(page.client.getWithKey("/v1/simulations/" + unstarted, key).statusCode())
        .isEqualTo(404);
  }

  @Test
  void aRunningSimulationOffersNoDeletion() {
    String id = page.createAndStep("stable-basins", 1);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("Following live events");
    browser.button("Play").click();
    try {
      browser.await(d -> browser.section("Delete").getText().contains("pause it first"));
      assertThat(browser.button("Delete this simulation").isEnabled()).isFalse();
    } finally {
      browser.button("Pause").click();
    }
    browser.await(d -> browser.button("Delete this simulation").isEnabled());
  }

  @Test
  void aRunAgainWithAnotherSeedOpensTheNewRun() {
    String id = page.createAndStep("prophecy-loop", 5);
    page.signIn(page.key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("5 ticks plotted");
    WebElement seed = browser.field(browser.section("Run again"), "Seed");
    browser.await(d -> !seed.getAttribute("value").isEmpty());
    assertThat(browser.section("Run again").getText())
        .containsPattern("This one runs with seed \\d+");
    seed.clear();
    seed.sendKeys("4242");

    browser.button("Run again with another seed").click();

    browser.await(
        d ->
            !d.getCurrentUrl().endsWith(id) && d.getCurrentUrl().contains("/console/simulations/"));
    String again = browser.driver.getCurrentUrl().replaceAll(".*/", "");
    browser.await(d -> browser.heading().getText().equals("Simulation of prophecy-loop"));
    JsonNode scenario = page.getJson("/v1/simulations/" + again + "/scenario", page.key);
    assertThat(scenario.get("seed").asLong()).isEqualTo(4242);
    assertThat(scenario.get("id").asText()).isEqualTo("prophecy-loop");
  }

  @Test
  void runsPickedInTheListAreComparedOnSharedAxesWithTheirOutcomes() {
    String key = page.keyOfNewOrganization("professional");
    String first = page.createAndStep("prophecy-loop", 40, key);
    String second =
        page.createFromBodyAndStep("{\"scenarioId\":\"prophecy-loop\",\"seed\":7}", 60, key);
    String third = page.createAndStep("stable-basins", 20, key);
    page.signIn(key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> rows().size() == 3);
    for (WebElement pick :
        browser.driver.findElements(By.cssSelector("tbody input[type=checkbox]"))) {
      pick.click();
    }
    browser.awaitText("3 selected");

    browser.button("Compare the selected").click();

    browser.await(d -> browser.heading().getText().equals("Compare runs"));
    browser.awaitText("3 of 3 simulations compared.");
    String outcomes = browser.section("Outcomes").getText();
    assertThat(outcomes).contains("prophecy-loop seed 7", "stable-basins", "1.0.0");
    for (String id : List.of(first, second, third)) {
      JsonNode sim = page.getJson("/v1/simulations/" + id, key);
      String row =
          browser
              .section("Outcomes")
              .findElement(By.xpath(".//tr[.//a[contains(@href, '" + id + "')]]"))
              .getText();
      assertThat(row)
          .contains(sim.get("state").get("b").asText())
          .contains(sim.get("ticks").asText());
      long paradoxes =
          page
              .getJson("/v1/simulations/" + id + "/event-log", key)
              .get("data")
              .findValuesAsText("event")
              .stream()
              .filter("paradox"::equals)
              .count();
      assertThat(row).endsWith(" " + paradoxes);
    }
    assertThat(browser.section("Series on shared axes").findElements(By.cssSelector(".uplot")))
        .hasSize(3);
    assertThat(browser.section("Series on shared axes").getText()).contains("prophecy-loop seed 7");
    page.docScreenshot("compare");
    // the address names them: a link to share
    assertThat(browser.driver.getCurrentUrl())
        .contains("ids=")
        .contains(first)
        .contains(second)
        .contains(third);
    browser.driver.navigate().refresh();
    browser.awaitText("3 of 3 simulations compared.");
    browser.open(page.origin() + "/console/compare?ids=" + first);
    browser.awaitText("Name 2 to 5 simulations to compare");
  }

  @Test
  void theParametersFormCreatesAnInlineScenarioAndShowsTheServicesIssuesAtTheirFields() {
    page.signIn(page.key);
    browser.await(d -> page.scenarioCard("Stable basins").isDisplayed());
    page.scenarioCard("Stable basins").findElement(By.linkText("Change its parameters…")).click();
    browser.await(d -> browser.heading().getText().equals("Parameters of Stable basins"));
    setValue(browser.field("Seed"), "99");
    setValue(browser.field("Ticks to run"), "5");
    setValue(browser.field("Number of agents"), "3");
    browser.button("Set the number of agents").click();
    browser.await(
        d -> d.findElements(By.xpath("//label[normalize-space(.)='Agent 4 x']")).isEmpty());
    setValue(browser.labelled("Agent 2 x"), "1000"); // off the grid
    setValue(browser.labelled("Attractor 1 radius"), "-3");

    browser.button("Create with these parameters").click();

    browser.awaitText("field(s) to correct");
    WebElement x = browser.labelled("Agent 2 x");
    assertThat(x.getAttribute("aria-invalid")).isEqualTo("true");
    String describedBy = x.getAttribute("aria-describedby");
    assertThat(browser.driver.findElement(By.id(describedBy)).getText())
        .startsWith("scenario.agents[1].marker.x:");
    assertThat(browser.labelled("Attractor 1 radius").getAttribute("aria-invalid"))
        .isEqualTo("true");
    page.docScreenshot("parameters");
    setValue(x, "40");
    setValue(browser.labelled("Attractor 1 radius"), "12");

    browser.button("Create with these parameters").click();

    browser.await(d -> browser.heading().getText().equals("Simulation of an inline scenario"));
    browser.awaitText("5 ticks plotted");
    String id = browser.driver.getCurrentUrl().replaceAll(".*/", "");
    JsonNode scenario = page.getJson("/v1/simulations/" + id + "/scenario", page.key);
    assertThat(scenario.get("seed").asLong()).isEqualTo(99);
    assertThat(scenario.get("agents")).hasSize(3);
    assertThat(scenario.get("agents").get(1).get("marker").get("x").asDouble()).isEqualTo(40);
    page.expectFailedLoads("400"); // the refused first try
  }

  private static void setValue(WebElement input, String value) {
    input.clear();
    input.sendKeys(value);
  }

  private static List<String> rows() {
    return browser.driver.findElements(By.cssSelector("main tbody tr")).stream()
        .map(WebElement::getText)
        .toList();
  }

  /** The button of a column's heading, which sorts by it: its text is the heading's. */
  private static WebElement sortButton(String heading) {
    return browser.driver.findElement(
        By.xpath("//th/button[starts-with(normalize-space(.), '" + heading + "')]"));
  }

  private static String sortOf(String heading) {
    return browser
        .driver
        .findElement(
            By.xpath("//th[.//button[starts-with(normalize-space(.), '" + heading + "')]]"))
        .getAttribute("aria-sort");
  }

  private static String file(Path folder, String name) throws IOException {
    Path file = folder.resolve(name);
    Await.until(name + " is saved", SOON, () -> Files.exists(file) && Files.size(file) > 0);
    return Files.readString(file);
  }

  private static BufferedImage png(Path folder, String name) throws IOException {
    Path file = folder.resolve(name);
    Await.until(name + " is saved", SOON, () -> Files.exists(file) && Files.size(file) > 0);
    return ImageIO.read(file.toFile());
  }
}
