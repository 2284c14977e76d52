package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The Experiments view in a real browser, read as a person reads it (docs/console.md, "Tests"): the
 * form's grid with the run count and quota before submitting, the live progress, the fan charts,
 * the sortable table of runs with its CSV download, and a run's link to its simulation. With {@code
 * -Dconsole.docScreenshots=dir} it saves the fan chart of docs/experiments.md's example.
 */
class ExperimentsConsoleIntegrationTest extends ConsoleBrowserTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("events.heartbeatInterval", "250 milliseconds"),
          ConfigOverride.config("experiments.workers", "2"),
          ConfigOverride.config("experiments.pollInterval", "50 milliseconds"));

  @BeforeAll
  static void start() {
    open(APP);
  }

  private void newExperiment(String scenario, String ticks, String replications) {
    page.signIn(page.key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Experiments")).click();
    browser.await(d -> browser.heading().getText().equals("Experiments"));
    browser.await(d -> browser.text().contains("runs ("));
    new Select(browser.field("Scenario")).selectByVisibleText(scenario);
    type("Ticks per run", ticks);
    type("Replications", replications);
  }

  private void type(String label, String value) {
    WebElement input = browser.field(label);
    input.clear();
    input.sendKeys(value);
  }

  /** docs/experiments.md's worked example: 3 x 3 of lambda and gamma, 20 replications. */
  @Test
  void aGridIsBuiltCountedRunAndCharted() {
    newExperiment("Chaos storm", "200", "20");
    browser.button("Add parameter").click();
    WebElement row = browser.driver.findElement(By.cssSelector(".parameter"));
    new Select(browser.field(row, "Path")).selectByVisibleText("agents[*].policy.lambda");
    new Select(browser.field(row, "As")).selectByVisibleText("range");
    browser.button("Add parameter").click();
    WebElement second = browser.driver.findElements(By.cssSelector(".parameter")).get(1);
    new Select(browser.field(second, "Path")).selectByVisibleText("agents[*].policy.gamma");
    WebElement values = browser.field(second, "Values");
    values.clear();
    values.sendKeys("0.15, 0.3, 0.6");

    browser.awaitText("180 runs (9 combinations × 20 replications)");
    assertThat(browser.text()).contains("runs left this period", "experiments under way");
    browser.button("Start experiment").click();

    browser.await(d -> browser.heading().getText().equals("Experiment of chaos-storm"));
    browser.awaitText("completed: 180 done, 0 running, 0 failed of 180 runs.");
    browser.await(d -> !d.findElements(By.cssSelector(".fan-chart .uplot")).isEmpty());
    assertThat(browser.text()).contains("3 combinations drawn");
    List<WebElement> combinations = browser.driver.findElements(By.name("combination"));
    assertThat(combinations).hasSize(9);
    // gamma 0.3 with lambda 0.5, 2 and 3.5: the docs' chart
    combinations.get(0).click();
    combinations.get(2).click();
    combinations.get(4).click();
    combinations.get(7).click();
    browser.awaitText("3 combinations drawn");
    browser.driver.executeScript("document.getElementById('fan-h').scrollIntoView()");
    page.docScreenshot("experiments-fan-chart", false);

    // up to five overlaid
    combinations.get(0).click();
    combinations.get(2).click();
    combinations.get(3).click();
    browser.awaitText("At most 5 combinations at once");

    browser.button(browser.section("Runs"), "finalB").click();
    browser.await(
        d ->
            "ascending"
                .equals(
                    d.findElement(By.xpath("//th[.//button[normalize-space(.)='finalB']]"))
                        .getAttribute("aria-sort")));
    assertThat(column("finalB")).isSorted();
    browser.button(browser.section("Runs"), "finalB").click();
    List<Double> descending = column("finalB");
    assertThat(descending.get(0)).isGreaterThanOrEqualTo(descending.get(179));

    browser.button("Download CSV").click();
    String id =
        browser
            .driver
            .getCurrentUrl()
            .substring(browser.driver.getCurrentUrl().lastIndexOf('/') + 1);
    browser.await(
        d -> browser.requestedUrls().contains(page.origin() + "/v1/experiments/" + id + "/runs"));
  }

  private List<Double> column(String name) {
    WebElement table = browser.driver.findElement(By.cssSelector("table.outcomes"));
    List<WebElement> headers = table.findElements(By.cssSelector("thead th"));
    int index = 0;
    while (!headers.get(index).getText().equals(name)) {
      index++;
    }
    int at = index + 1;
    return table.findElements(By.cssSelector("tbody tr td:nth-child(" + at + ")")).stream()
        .map(td -> Double.parseDouble(td.getText()))
        .toList();
  }

  @Test
  void aKeptRunLinksToItsSimulation() {
    newExperiment("Stable basins", "20", "2");
    browser.driver.findElement(By.xpath("//label[contains(., 'Keep every run')]/input")).click();
    browser.awaitText("2 runs (1 combinations × 2 replications)");
    browser.button("Start experiment").click();
    browser.awaitText("completed: 2 done");
    browser.await(d -> !d.findElements(By.linkText("Simulation")).isEmpty());
    browser.driver.findElements(By.linkText("Simulation")).get(0).click();
    browser.await(d -> browser.heading().getText().equals("Simulation of stable-basins"));
  }

  @Test
  void aRefusedGridSaysWhyBeforeSubmitting() {
    newExperiment("Chaos storm", "100", "2000");
    browser.awaitText("Would be refused");
    assertThat(browser.button("Start experiment").isEnabled()).isFalse();
  }
}
