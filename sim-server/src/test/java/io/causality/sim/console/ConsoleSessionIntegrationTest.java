package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import java.time.Instant;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
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
    // no menu and no Sign out before signing in
    assertThat(browser.button("Sign out").isDisplayed()).isFalse();
    assertThat(browser.driver.findElement(By.cssSelector("nav[aria-label=Main]")).isDisplayed())
        .isFalse();
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
  void aReadOnlyKeySeesTheActionsOffAndAMissingScopeIsToldInWords() {
    String readOnly = page.admin().createApiKey(page.slug, "simulation:read").key();
    String id = page.createAndStep("chaos-storm", 2);
    browser.field("API key or token").sendKeys(readOnly, Keys.ENTER); // the keyboard way
    browser.await(d -> page.scenarioCard("Prophecy loop").isDisplayed());

    assertThat(browser.button(page.scenarioCard("Prophecy loop"), "Create").isEnabled()).isFalse();
    assertThat(browser.button(page.scenarioCard("Prophecy loop"), "Create and run").isEnabled())
        .isFalse();
    assertThat(browser.text()).contains("Your credential may only read");
    browser.open(page.origin() + "/console/simulations/" + id);
    browser.awaitText("2 ticks plotted");
    for (String action :
        List.of(
            "Step",
            "Play",
            "Pause",
            "Submit decree",
            "Change policy",
            "Evaluate against the gate")) {
      assertThat(browser.button(action).isEnabled()).as(action).isFalse();
    }
    assertThat(browser.section("Time control").getText()).contains("Your credential may only read");

    // without org:read, the organization page says why it shows nothing
    browser.driver.findElement(By.linkText("Organization")).click();
    browser.await(
        d -> d.findElement(By.cssSelector("[role=alert]")).getText().startsWith("Not allowed:"));
    assertThat(browser.heading().getText()).isEqualTo("Organization");
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
  void aKeyOfOneOrganizationGetsNoOrganizationPicker() {
    page.createAndStep("migration", 1);
    page.signIn(page.key);
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.findElement(By.linkText("Simulations")).click();
    browser.await(d -> browser.text().contains(" of "));

    assertThat(browser.field("Status").isDisplayed()).isTrue();
    assertThat(browser.field("Organization").isDisplayed()).isFalse();
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
    // the role and the period in words: days, the last one the period's (its end is exclusive)
    assertThat(browser.text()).contains("your role: API key of this organization");
    assertThat(browser.section("Usage this period").getText())
        .containsPattern("\\d{4} – .*\\d{4} \\(UTC\\)")
        .doesNotContain("12:00");
    // numbers and their headings share the right edge of their column
    WebElement history =
        browser
            .section("Usage history")
            .findElement(By.xpath(".//table[caption[normalize-space(.)='Usage by period']]"));
    for (String heading : List.of("Simulation runs", "Ticks", "API calls")) {
      WebElement th = history.findElement(By.xpath(".//th[normalize-space(.)='" + heading + "']"));
      int column =
          ((Number) browser.driver.executeScript("return arguments[0].cellIndex", th)).intValue();
      WebElement td = history.findElements(By.cssSelector("tbody tr td")).get(column);
      assertThat(rightOfText(th)).as(heading).isCloseTo(rightOfText(td), Offset.offset(2.0));
    }
    assertThat(browser.section("Usage history").findElements(By.cssSelector(".uplot"))).hasSize(1);
    page.docScreenshot("organization");
  }

  /** Where the cell's text ends, left to right. */
  private static double rightOfText(WebElement cell) {
    return ((Number)
            browser.driver.executeScript(
                "const r = document.createRange(); r.selectNodeContents(arguments[0]);"
                    + "return r.getBoundingClientRect().right",
                cell))
        .doubleValue();
  }
}
