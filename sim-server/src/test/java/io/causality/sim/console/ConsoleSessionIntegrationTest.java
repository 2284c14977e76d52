package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.support.ui.Select;

/**
 * Signing in and out, what a session is told, organizations, in a real browser against the running
 * application, read as a person reads it: by labels, headings and visible text (docs/console.md,
 * "Tests"). A failing test leaves a screenshot in target/console-screenshots/; with {@code
 * -Dconsole.docScreenshots=dir} the views are saved there for the docs.
 */
class ConsoleSessionIntegrationTest extends ConsoleBrowserTest {
  static final DropwizardAppExtension<SimConfiguration> APP = ConsolePage.application();

  @BeforeAll
  static void start() {
    open(APP);
  }

  @Test
  void aBadKeyStaysOnSignInWithAMessage() {
    page.signIn("sk_live_not-a-key");

    browser.awaitText("did not accept the credential");
    page.docScreenshot("sign-in");
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
    page.signIn(page.key);

    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.await(
        d -> page.scenarioCard("Prophecy loop").getText().contains("30 agents · 1 attractors"));
    assertThat(page.scenarioCard("Prophecy loop").getText()).contains("prophecy", "paradox");
    page.docScreenshot("scenarios");
    browser.button("Sign out").click();
    browser.awaitText("Signed out.");
    assertThat(browser.driver.executeScript("return sessionStorage.length")).isEqualTo(0L);
  }

  @Test
  void aMissingScopeIsToldInWordsAndTheSessionStays() {
    String readOnly = page.admin().createApiKey(page.slug, "simulation:read").key();
    browser.field("API key or token").sendKeys(readOnly, Keys.ENTER); // the keyboard way
    browser.await(d -> page.scenarioCard("Prophecy loop").isDisplayed());

    browser.button(page.scenarioCard("Prophecy loop"), "Create").click();

    browser.await(
        d -> d.findElement(By.cssSelector("[role=alert]")).getText().startsWith("Not allowed:"));
    assertThat(browser.heading().getText()).isEqualTo("Scenarios");
    page.expectFailedLoads("403");
  }

  /** A shared link to another organization's simulation is "not found", not a sign-out. */
  @Test
  void aLinkToAnotherOrganizationsSimulationSaysItCannotBeShownAndKeepsTheSession() {
    String other = SimTestFixture.organization(page.admin(), "community").slug();
    String otherKey = page.admin().createApiKey(other, "simulation:read,simulation:write").key();
    String theirs = page.createAndStep("stable-basins", 1, otherKey);
    page.signIn(page.key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));

    browser.open(page.origin() + "/console/simulations/" + theirs);

    browser.awaitText("This simulation cannot be shown.");
    assertThat(browser.text()).contains("No simulation " + theirs);
    assertThat(browser.heading().getText()).isEqualTo("Simulation");
    assertThat(browser.driver.executeScript("return sessionStorage.length")).isEqualTo(1L);
    page.expectFailedLoads("404");
  }

  @Test
  void aStreamOverTheLicenseLimitIsToldInWordsWithTheRetryTime() throws Exception {
    String community = SimTestFixture.organization(page.admin(), "community").slug();
    String communityKey =
        page.admin().createApiKey(community, "simulation:read,simulation:write").key();
    String id = page.createAndStep("stable-basins", 1, communityKey);
    // the community license's only stream, held by someone else
    var held =
        HttpClient.newHttpClient()
            .sendAsync(
                page.client
                    .request("/v1/simulations/" + id + "/events")
                    .header("X-Api-Key", communityKey)
                    .build(),
                HttpResponse.BodyHandlers.ofInputStream())
            .get(10, TimeUnit.SECONDS);
    try {
      page.signIn(communityKey);
      browser.open(page.origin() + "/console/simulations/" + id);

      browser.awaitText("Too many requests:");
      assertThat(browser.section("Live events").getText())
          .containsPattern("Try again in \\d+ seconds");
    } finally {
      held.body().close();
    }
    page.expectFailedLoads("429");
  }

  @Test
  void aBearerTokenOfAMemberOfTwoOrganizationsPicksOne() {
    OrganizationAdmin admin = page.admin();
    String first = SimTestFixture.organization(admin, "professional").slug();
    String second = SimTestFixture.organization(admin, "community").slug();
    String user = "user-" + System.nanoTime();
    admin.addMember(first, user, "owner");
    admin.addMember(second, user, "member");
    String token = SimTestFixture.jwt(user, Instant.now().plusSeconds(600));
    String secondKey = admin.createApiKey(second, "simulation:read,simulation:write").key();
    String inSecond = page.createAndStep("migration", 1, secondKey);

    new Select(browser.field("Credential type")).selectByVisibleText("Bearer token (JWT)");
    page.signIn(token);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> browser.field("Organization").isDisplayed());
    new Select(browser.field("Organization")).selectByVisibleText("Org " + second);

    browser.await(d -> browser.text().contains(inSecond));
    assertThat(browser.driver.getCurrentUrl()).doesNotContain(token);
  }

  @Test
  void theOrganizationShowsUsageAgainstLimitsAndHistory() {
    page.createAndStep("stable-basins", 1);
    page.signIn(page.key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Organization")).click();

    browser.awaitText("Usage this period");
    assertThat(browser.section("Usage this period").getText()).contains("Simulation runs");
    assertThat(browser.section("License").getText()).contains("professional");
    assertThat(browser.section("Usage history").findElements(By.cssSelector(".uplot"))).hasSize(1);
    page.docScreenshot("organization");
  }
}
