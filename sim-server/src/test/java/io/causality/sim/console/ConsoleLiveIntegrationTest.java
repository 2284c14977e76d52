package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.Await;
import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.Select;

/**
 * The live view as the community license's one event stream allows it: a stream let go when the
 * view is left or the page hidden, the page following the server while no stream can be had, the
 * lists following the events, and limits told once. The spec's 30-second heartbeat is kept, and the
 * rate limits are on, as in production.
 */
class ConsoleLiveIntegrationTest extends ConsoleBrowserTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "true"));

  /** Well within the heartbeat (30 s) that found a gone client before, and the old Retry-After. */
  private static final Duration SOON = Duration.ofSeconds(15);

  @BeforeAll
  static void start() {
    open(APP);
  }

  @Test
  void leavingALiveSimulationLetsTheNextOneFollowLive() {
    String key = page.keyOfNewOrganization("community");
    String first = page.createAndStep("stable-basins", 1, key);
    String second = page.createAndStep("migration", 1, key);
    page.signIn(key);
    browser.open(page.origin() + "/console/simulations/" + first);
    browser.awaitText("Following live events");

    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> browser.text().contains(second));
    browser
        .driver
        .findElement(By.xpath("//tr[.//td[normalize-space(.)='" + second + "']]//a"))
        .click();

    browser.await(d -> browser.heading().getText().equals("Simulation of migration"));
    awaitSoon(() -> browser.section("Live events").getText().contains("Following live events"));
    assertThat(browser.driver.findElement(By.id("notice")).getText()).isEmpty();
    page.expectFailedLoads("429"); // a refusal while the server let go of the first is fine
  }

  @Test
  void aPageThatIsHiddenLetsGoOfItsStreamAndFollowsAgainWhenShown() throws Exception {
    String key = page.keyOfNewOrganization("community");
    String id = page.createAndStep("stable-basins", 1, key);
    page.signIn(key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("Following live events");
    browser.driver.executeScript("window.stillThisPage = true");

    browser.open(page.origin() + "/v1/health/live"); // another page: this one is hidden

    // the license's one slot is free again: another client may follow the simulation
    Await.until("the slot comes free", SOON, () -> streamAccepted(id, key));
    browser.driver.navigate().back();
    browser.await(d -> browser.heading().getText().equals("Simulation of stable-basins"));
    awaitSoon(() -> browser.section("Live events").getText().contains("Following live events"));
    // the page came back from the back-forward cache, as it was: nothing had to load again
    assertThat(browser.driver.executeScript("return window.stillThisPage === true"))
        .isEqualTo(true);
    page.expectFailedLoads("429", "404"); // the JSON page's favicon.ico
  }

  @Test
  void whileNoStreamCanBeHadThePageFollowsTheServerAndPausePauses() throws Exception {
    String key = page.keyOfNewOrganization("community");
    String id = page.create("stable-basins", key);
    InputStream held = heldStream(id, key); // the license's only stream, someone else's
    try {
      page.signIn(key);
      browser.open(page.origin() + "/console/simulations/" + id);
      browser.await(
          d ->
              browser
                  .driver
                  .findElement(By.id("notice"))
                  .getText()
                  .contains("Live view unavailable"));
      assertThat(browser.section("Live events").getText())
          .contains("Checking the simulation every 2 seconds");
      new Select(browser.field("Speed")).selectByVisibleText("5×");

      browser.button("Play").click();

      awaitSoon(() -> browser.section("Summary").getText().contains("running"));
      awaitSoon(() -> page.plotted()[2] >= 10);
      assertThat(browser.button("Pause").isEnabled()).isTrue();
      assertThat(browser.button("Play").isEnabled()).isFalse();
      browser.button("Pause").click();
      awaitSoon(() -> browser.section("Summary").getText().contains("paused"));
      assertThat(page.getJson("/v1/simulations/" + id, key).path("status").asText())
          .isEqualTo("paused");
      // every tick the server computed, none missing and none twice
      long last = page.serverTick(id, key);
      awaitSoon(() -> page.plotted()[2] == last);
      int[] plotted = page.plotted();
      assertThat(plotted[0]).isEqualTo(plotted[2] - plotted[1] + 1);
    } finally {
      held.close();
    }
    // the slot came free: the page follows live again, and says so at the top no more
    awaitSoon(() -> browser.section("Live events").getText().contains("Following live events"));
    assertThat(browser.driver.findElement(By.id("notice")).getText()).isEmpty();
    page.expectFailedLoads("429");
  }

  @Test
  void theProphecyListFollowsProphecyEvents() {
    String key = page.keyOfNewOrganization("professional");
    String id = page.createAndStep("prophecy-loop", 1, key);
    page.signIn(key);
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("Following live events");
    assertThat(browser.section("Prophecies").getText()).contains("No prophecy yet.");
    new Select(browser.field("Speed")).selectByVisibleText("10×");

    browser.button("Play").click();

    try {
      // the first prophecy comes at tick 9: the list shows it without a reload
      awaitSoon(() -> browser.section("Prophecies").getText().contains("newest first"));
      assertThat(browser.section("Prophecies").getText()).doesNotContain("No prophecy yet.");
    } finally {
      page.timeControl(id, "pause", key);
    }
  }

  @Test
  void aRateLimitIsToldOnceWithItsWait() {
    String key = page.keyOfNewOrganization("community");
    for (int i = 0; i < 10; i++) { // the community license's creates in a minute
      page.create("stable-basins", key);
    }
    page.signIn(key);
    browser.await(d -> page.scenarioCard("Stable basins").isDisplayed());

    browser.button(page.scenarioCard("Stable basins"), "Create").click();

    browser.await(
        d -> browser.driver.findElement(By.id("notice")).getText().startsWith("Too many requests"));
    String told = browser.driver.findElement(By.id("notice")).getText();
    assertThat(told.split("(?i)retry after \\d+ seconds|try again in \\d+ seconds", -1))
        .as(told)
        .hasSize(2); // the wait, told once
    page.expectFailedLoads("429");
  }

  private static void awaitSoon(java.util.concurrent.Callable<Boolean> condition) {
    Await.until("the page follows", SOON, condition);
  }

  private static boolean streamAccepted(String id, String key) throws Exception {
    HttpResponse<InputStream> stream = openStream(id, key);
    stream.body().close();
    return stream.statusCode() == 200;
  }

  private static InputStream heldStream(String id, String key) throws Exception {
    HttpResponse<InputStream> stream = openStream(id, key);
    assertThat(stream.statusCode()).isEqualTo(200);
    return stream.body();
  }

  private static HttpResponse<InputStream> openStream(String id, String key) throws Exception {
    return HttpClient.newHttpClient()
        .sendAsync(
            page.client
                .request("/v1/simulations/" + id + "/events")
                .header("X-Api-Key", key)
                .header("Accept", "text/event-stream")
                .build(),
            HttpResponse.BodyHandlers.ofInputStream())
        .get(10, TimeUnit.SECONDS);
  }
}
