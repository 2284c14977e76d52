package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;

/**
 * The console under test: the running application, a browser on it (or none), an organization with
 * a key of every scope, and what the browser tests do and check the same way.
 */
final class ConsolePage {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern PLOTTED =
      Pattern.compile("(\\d+) ticks plotted, from (-?\\d+) to (-?\\d+)\\.");

  final ConsoleBrowser browser;
  final SimTestFixture.Client client;
  final String slug;
  final String key;
  private final DropwizardAppExtension<SimConfiguration> app;

  /**
   * The application as the browser tests run it: the browser makes the requests of many people in a
   * minute (rate limits have their own tests). The event streams keep the spec's 30-second
   * heartbeat: a page that left frees its stream's slot within seconds all the same.
   */
  static DropwizardAppExtension<SimConfiguration> application() {
    return SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  }

  ConsolePage(DropwizardAppExtension<SimConfiguration> app) {
    this.app = app;
    this.browser = ConsoleBrowser.startIfAvailable();
    this.client = new SimTestFixture.Client(app);
    this.slug = SimTestFixture.organization(admin(), "professional").slug();
    this.key =
        admin().createApiKey(slug, "simulation:read,simulation:write,org:read,usage:read").key();
  }

  OrganizationAdmin admin() {
    return SimTestFixture.admin(app);
  }

  String origin() {
    return "http://127.0.0.1:" + app.getLocalPort();
  }

  /** The sign-in page, with nothing in the tab's session. */
  void signedOut() {
    ConsoleBrowser.assumeAvailable();
    browser.open(origin() + "/console/");
    browser.driver.executeScript("sessionStorage.clear()");
    browser.open(origin() + "/console/");
    browser.await(d -> browser.heading().getText().equals("Sign in"));
  }

  void signIn(String credential) {
    browser.field("API key or token").sendKeys(credential);
    browser.button("Sign in").click();
  }

  /** Whatever a test did: no other origin, the key in no URL, no error in the console. */
  void checkStayedOnTheOriginWithTheKeyInNoUrl() {
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

  /** The failed loads Chromium logs for answers a test asked for are expected; nothing else. */
  void expectFailedLoads(String... statuses) {
    assertThat(browser.consoleErrors())
        .allSatisfy(
            e ->
                assertThat(e.getMessage())
                    .containsAnyOf(
                        java.util.Arrays.stream(statuses)
                            .map(status -> "status of " + status)
                            .toArray(String[]::new)));
    browser.forgetConsole();
  }

  /** The plots' summary: {ticks plotted, first tick, last tick}. */
  int[] plotted() {
    Matcher m = PLOTTED.matcher(browser.text());
    if (!m.find()) {
      return new int[] {0, 0, -1};
    }
    return new int[] {
      Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))
    };
  }

  WebElement scenarioCard(String label) {
    return browser.driver.findElement(
        By.xpath("//article[.//h2[normalize-space(.)='" + label + "']]"));
  }

  long serverTick(String id) {
    return serverTick(id, key);
  }

  long serverTick(String id, String apiKey) {
    return getJson("/v1/simulations/" + id, apiKey).path("state").path("tick").asLong();
  }

  /** The pagination total of a list, as the service answers it. */
  long total(String path) {
    return body(client.getWithKey(path, key).body()).path("pagination").path("total").asLong();
  }

  /** A new organization of a tier, and a key of every scope for it. */
  String keyOfNewOrganization(String tier) {
    String org = SimTestFixture.organization(admin(), tier).slug();
    return admin().createApiKey(org, "simulation:read,simulation:write,org:read,usage:read").key();
  }

  /** The answer of a GET with a key, as JSON. */
  JsonNode getJson(String path, String apiKey) {
    return body(client.getWithKey(path, apiKey).body());
  }

  /** Sends a time-control action with a key. */
  void timeControl(String id, String action, String apiKey) {
    client.send(
        client
            .request("/v1/simulations/" + id + "/time-control")
            .header("X-Api-Key", apiKey)
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString("{\"action\":\"" + action + "\"}")));
  }

  /** A simulation created from a scenario, not stepped. */
  String create(String scenario, String apiKey) {
    return body(post("/v1/simulations", "{\"scenarioId\":\"" + scenario + "\"}", apiKey))
        .path("id")
        .asText();
  }

  String createAndStep(String scenario, int ticks) {
    return createAndStep(scenario, ticks, key);
  }

  String createAndStep(String scenario, int ticks, String apiKey) {
    return createStepped("{\"scenarioId\":\"" + scenario + "\"}", ticks, apiKey);
  }

  /** A simulation created from a request body (an inline scenario), stepped ticks. */
  String createFromBodyAndStep(String createBody, int ticks) {
    return createStepped(createBody, ticks, key);
  }

  String createFromBodyAndStep(String createBody, int ticks, String apiKey) {
    return createStepped(createBody, ticks, apiKey);
  }

  /** What the service answers as CSV, as the console's downloads would save it. */
  String csv(String path) {
    return client
        .send(client.request(path).header("X-Api-Key", key).header("Accept", "text/csv"))
        .body();
  }

  private String createStepped(String createBody, int ticks, String apiKey) {
    String created = post("/v1/simulations", createBody, apiKey);
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
    } catch (IOException e) {
      throw new IllegalStateException(json, e);
    }
  }

  /** A failing test's view, under target/console-screenshots/. */
  void failed(String testName) {
    if (browser != null) {
      browser.screenshot(Path.of("target/console-screenshots", testName + ".png"));
    }
  }

  /** With -Dconsole.docScreenshots=dir, the view as docs/console.md shows it. */
  void docScreenshot(String view) {
    docScreenshot(view, true);
  }

  void docScreenshot(String view, boolean fromTheTop) {
    String dir = System.getProperty("console.docScreenshots");
    if (dir != null) {
      if (fromTheTop) {
        browser.driver.executeScript("window.scrollTo(0, 0)");
      }
      browser.screenshot(Path.of(dir, view + ".png"));
    }
  }

  void close() {
    if (browser != null) {
      browser.close();
    }
  }
}
