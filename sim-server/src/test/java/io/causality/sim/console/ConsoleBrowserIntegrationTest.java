package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.support.ui.Select;

/**
 * The console in a real browser against the running application, read as a person reads it.
 * Screenshots of the failing view go to target/console-screenshots/; with {@code
 * -Dconsole.docScreenshots=docs/console} each view is also saved there for the docs.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ConsoleBrowserIntegrationTest {
  // The browser makes the requests of many people in a minute (rate limits have their own
  // tests), and a closed page's stream must free its slot at once, not after a minute.
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("events.heartbeatInterval", "250 milliseconds"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PLOTTED =
      Pattern.compile("(\\d+) ticks plotted, from (-?\\d+) to (-?\\d+)\\.");
  private static ConsoleBrowser browser;
  private static String key;
  private static String slug;
  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);

  @RegisterExtension
  final TestWatcher screenshots =
      new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
          if (browser != null) {
            browser.screenshot(
                Path.of("target/console-screenshots", context.getDisplayName() + ".png"));
          }
        }
      };

  @BeforeAll
  static void startBrowser() {
    browser = ConsoleBrowser.startIfAvailable();
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    slug = SimTestFixture.organization(admin, "professional").slug();
    key = admin.createApiKey(slug, "simulation:read,simulation:write,org:read,usage:read").key();
  }

  @AfterAll
  static void stopBrowser() {
    if (browser != null) {
      browser.close();
    }
  }

  @BeforeEach
  void signedOut() {
    ConsoleBrowser.assumeAvailable();
    browser.open(origin() + "/console/");
    browser.driver.executeScript("sessionStorage.clear()");
    browser.open(origin() + "/console/");
    browser.await(d -> browser.heading().getText().equals("Sign in"));
  }

  /** Whatever the test did: no other origin, the key in no URL, no error in the console. */
  @AfterEach
  void stayedOnTheOriginWithTheKeyInNoUrl() {
    if (browser == null) {
      return;
    }
    List<String> urls = browser.requestedUrls();
    assertThat(urls).isNotEmpty().allSatisfy(url -> assertThat(url).startsWith(origin() + "/"));
    assertThat(urls).noneSatisfy(url -> assertThat(url).contains(key));
    List<LogEntry> errors = browser.consoleErrors();
    browser.forgetConsole(); // one test's error is reported by that test only
    assertThat(errors).isEmpty();
    Object stored = browser.driver.executeScript("return localStorage.length + document.cookie");
    assertThat(String.valueOf(stored)).isEqualTo("0");
  }

  private static String origin() {
    return "http://127.0.0.1:" + APP.getLocalPort();
  }

  private void signIn(String credential) {
    browser.field("API key or token").sendKeys(credential);
    browser.button("Sign in").click();
  }

  @Test
  void aBadKeyStaysOnSignInWithAMessage() {
    signIn("sk_live_not-a-key");

    browser.awaitText("did not accept the credential");
    docScreenshot("sign-in");
    assertThat(browser.heading().getText()).isEqualTo("Sign in");
    assertThat(browser.field("API key or token").getAttribute("type")).isEqualTo("password");
    // Chromium logs the refused sign-in check as a failed load: that one error is expected.
    assertThat(browser.consoleErrors())
        .singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("/v1/simulations", "401"));
    browser.forgetConsole();
  }

  @Test
  void aGoodKeyShowsTheScenarioCatalogue() {
    signIn(key);

    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.await(
        d -> scenarioCard("Prophecy loop").getText().contains("30 agents · 1 attractors"));
    assertThat(scenarioCard("Prophecy loop").getText()).contains("prophecy", "paradox");
    docScreenshot("scenarios");
    browser.button("Sign out").click();
    browser.awaitText("Signed out.");
    assertThat(browser.driver.executeScript("return sessionStorage.length")).isEqualTo(0L);
  }

  @Test
  void aSimulationIsCreatedAndSteppedFromThePage() {
    signIn(key);
    browser.await(d -> scenarioCard("Prophecy loop").isDisplayed());
    browser.button(scenarioCard("Prophecy loop"), "Create").click();

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
    docScreenshot("simulation");
  }

  @Test
  void createAndRunDrawsTheTraceOfTheTicksRun() {
    signIn(key);
    browser.await(d -> scenarioCard("Stable basins").getText().contains("30 agents"));
    WebElement card = scenarioCard("Stable basins");
    WebElement ticks = browser.field(card, "Ticks to run");
    ticks.clear();
    ticks.sendKeys("25");
    browser.button(card, "Create and run").click();

    browser.awaitText("25 ticks plotted, from 0 to 24.");
    List<WebElement> plots = browser.driver.findElements(By.cssSelector(".uplot .u-over"));
    assertThat(plots).hasSize(3);

    new Actions(browser.driver).moveToElement(plots.get(0)).perform();

    browser.await(
        d -> browser.text().matches("(?s).*tick \\d+: b 0\\.\\d+, mean gamma 0\\.\\d+.*"));
  }

  @Test
  void aDecreeSubmittedFromThePageShowsInTheList() {
    String id = createAndStep("chaos-storm", 3);
    signIn(key);
    browser.open(origin() + "/console/simulations/" + id);
    browser.awaitText("3 ticks plotted");

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
    String id = createAndStep("migration", 2);
    signIn(key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();

    browser.await(d -> browser.heading().getText().equals("Simulations"));
    browser.await(d -> browser.text().contains(id));
    docScreenshot("simulations");
    new Select(browser.field("Status")).selectByVisibleText("completed");
    browser.awaitText("No completed simulation on this page.");
    new Select(browser.field("Status")).selectByVisibleText("paused");
    browser.await(d -> browser.text().contains(id));

    browser.driver.findElement(By.xpath("//tr[.//td[normalize-space(.)='" + id + "']]//a")).click();
    browser.await(d -> browser.heading().getText().equals("Simulation of migration"));
    browser.driver.navigate().back();
    browser.await(d -> browser.heading().getText().equals("Simulations"));
  }

  @Test
  void theOrganizationShowsUsageAgainstLimitsAndHistory() {
    createAndStep("stable-basins", 1);
    signIn(key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Organization")).click();

    browser.awaitText("Usage this period");
    assertThat(browser.section("Usage this period").getText()).contains("Simulation runs");
    assertThat(browser.section("License").getText()).contains("professional");
    assertThat(browser.section("Usage history").findElements(By.cssSelector(".uplot"))).hasSize(1);
    docScreenshot("organization");
  }

  @Test
  void aDeepLinkWorksOnReload() {
    String id = createAndStep("tipping-point", 4);
    signIn(key);
    browser.open(origin() + "/console/simulations/" + id);
    browser.awaitText("4 ticks plotted, from 0 to 3.");

    browser.driver.navigate().refresh();

    browser.awaitText("4 ticks plotted, from 0 to 3.");
    browser.button("Replay").click();
    browser.await(d -> browser.section("Grid").getText().contains("Stop replay"));
    browser.await(d -> browser.section("Grid").getText().contains("Replay"));
    assertThat(browser.section("Grid").getText()).contains("tick 3");
  }

  @Test
  void theLiveViewFollowsPlaybackAndResumesAfterTheStreamIsCut() {
    String id = createAndStep("stable-basins", 1);
    signIn(key);
    browser.open(origin() + "/console/simulations/" + id);
    browser.awaitText("Following live events");
    new Select(browser.field("Speed")).selectByVisibleText("5×");
    browser.button("Play").click();
    browser.await(d -> plotted()[2] >= 20);
    browser.driver.executeScript("arguments[0].scrollIntoView()", browser.section("Live events"));
    docScreenshot("live", false);

    browser.button("Stop following").click();
    browser.awaitText("Not following live events.");
    int cutAt = plotted()[2];
    browser.await(d -> serverTick(id) >= cutAt + 20);
    browser.button("Follow live").click();

    browser.await(d -> plotted()[2] >= cutAt + 25);
    browser.button("Pause").click();
    int[] after = plotted();
    // every tick from the first to the last, none missing and none twice
    assertThat(after[0]).isEqualTo(after[2] - after[1] + 1);
  }

  @Test
  void aMissingScopeIsToldInWordsAndTheSessionStays() {
    String readOnly = SimTestFixture.admin(APP).createApiKey(slug, "simulation:read").key();
    browser.field("API key or token").sendKeys(readOnly, Keys.ENTER); // the keyboard way
    browser.await(d -> scenarioCard("Prophecy loop").isDisplayed());

    browser.button(scenarioCard("Prophecy loop"), "Create").click();

    browser.await(
        d -> d.findElement(By.cssSelector("[role=alert]")).getText().startsWith("Not allowed:"));
    assertThat(browser.heading().getText()).isEqualTo("Scenarios");
    expectFailedLoads("403");
  }

  @Test
  void aStreamOverTheLicenseLimitIsToldInWordsWithTheRetryTime() throws Exception {
    String community = SimTestFixture.organization(SimTestFixture.admin(APP), "community").slug();
    String communityKey =
        SimTestFixture.admin(APP).createApiKey(community, "simulation:read,simulation:write").key();
    String id = createAndStep("stable-basins", 1, communityKey);
    // the community license's only stream, held by someone else
    var held =
        HttpClient.newHttpClient()
            .sendAsync(
                client
                    .request("/v1/simulations/" + id + "/events")
                    .header("X-Api-Key", communityKey)
                    .build(),
                HttpResponse.BodyHandlers.ofInputStream())
            .get(10, TimeUnit.SECONDS);
    try {
      signIn(communityKey);
      browser.open(origin() + "/console/simulations/" + id);

      browser.awaitText("Too many requests:");
      assertThat(browser.section("Live events").getText())
          .containsPattern("Try again in \\d+ seconds");
    } finally {
      held.body().close();
    }
    expectFailedLoads("429");
  }

  @Test
  void theGateAnswerIsShownEvenWhenTheGateIsOff() {
    String id = createAndStep("chaos-storm", 2);
    signIn(key);
    browser.open(origin() + "/console/simulations/" + id);
    browser.awaitText("2 ticks plotted");

    browser.button("Evaluate against the gate").click();

    browser.await(
        d -> browser.section("State gate").getText().contains("Evaluation is not configured"));
    expectFailedLoads("503");
  }

  @Test
  void aNarrowWindowShowsEverythingInOneColumnAndTheKeyboardReachesIt() {
    String id = createAndStep("stable-basins", 5);
    signIn(key);
    Dimension laptop = browser.driver.manage().window().getSize();
    browser.driver.manage().window().setSize(new Dimension(480, 900));
    try {
      browser.open(origin() + "/console/simulations/" + id);
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
  void aBearerTokenOfAMemberOfTwoOrganizationsPicksOne() {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String first = SimTestFixture.organization(admin, "professional").slug();
    String second = SimTestFixture.organization(admin, "community").slug();
    String user = "user-" + System.nanoTime();
    admin.addMember(first, user, "owner");
    admin.addMember(second, user, "member");
    String token = SimTestFixture.jwt(user, Instant.now().plusSeconds(600));
    String secondKey = admin.createApiKey(second, "simulation:read,simulation:write").key();
    String inSecond = createAndStep("migration", 1, secondKey);

    new Select(browser.field("Credential type")).selectByVisibleText("Bearer token (JWT)");
    signIn(token);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> browser.field("Organization").isDisplayed());
    new Select(browser.field("Organization")).selectByVisibleText("Org " + second);

    browser.await(d -> browser.text().contains(inSecond));
    assertThat(browser.driver.getCurrentUrl()).doesNotContain(token);
  }

  /** The failed loads Chromium logs for answers a test asked for are expected; nothing else. */
  private static void expectFailedLoads(String status) {
    assertThat(browser.consoleErrors())
        .allSatisfy(e -> assertThat(e.getMessage()).contains("status of " + status));
    browser.forgetConsole();
  }

  private int[] plotted() {
    Matcher m = PLOTTED.matcher(browser.text());
    if (!m.find()) {
      return new int[] {0, 0, -1};
    }
    return new int[] {
      Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))
    };
  }

  private WebElement scenarioCard(String label) {
    return browser.driver.findElement(
        By.xpath("//article[.//h2[normalize-space(.)='" + label + "']]"));
  }

  private long serverTick(String id) {
    return body(client.getWithKey("/v1/simulations/" + id, key).body())
        .path("state")
        .path("tick")
        .asLong();
  }

  private String createAndStep(String scenario, int ticks) {
    return createAndStep(scenario, ticks, key);
  }

  private String createAndStep(String scenario, int ticks, String apiKey) {
    String created = post("/v1/simulations", "{\"scenarioId\":\"" + scenario + "\"}", apiKey);
    String id = body(created).path("id").asText();
    post("/v1/simulations/" + id + "/step", "{\"ticks\":" + ticks + "}", apiKey);
    return id;
  }

  private String post(String path, String json, String apiKey) {
    return client
        .send(
            client
                .request(path)
                .header("X-Api-Key", apiKey)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)))
        .body();
  }

  private static JsonNode body(String json) {
    try {
      return JSON.readTree(json);
    } catch (java.io.IOException e) {
      throw new IllegalStateException(json, e);
    }
  }

  /** With -Dconsole.docScreenshots=dir, the view as docs/console.md shows it. */
  private static void docScreenshot(String view) {
    docScreenshot(view, true);
  }

  private static void docScreenshot(String view, boolean fromTheTop) {
    String dir = System.getProperty("console.docScreenshots");
    if (dir != null) {
      if (fromTheTop) {
        browser.driver.executeScript("window.scrollTo(0, 0)");
      }
      browser.screenshot(Path.of(dir, view + ".png"));
    }
  }
}
