package io.causality.sim.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * Not a test (no figure is asserted, and its name keeps it out of {@code mvn verify}): how the
 * console holds up with a 10,000-tick trace of the largest scenario, measured in the browser with
 * the Performance API (docs/performance.md, "Console"). Two measures, {@value #RUNS} runs each:
 *
 * <ol>
 *   <li><b>Create and run</b> 10,000 ticks from the scenario's card: from the press to the first
 *       plot and to the complete plots, then to the simulation's page drawn with the same trace (no
 *       second download); the long tasks (over 50 ms) of the page's thread meanwhile.
 *   <li><b>Open</b> the simulation's page: the trace read (in a Web Worker) to the first and the
 *       complete plots, and the long tasks meanwhile.
 * </ol>
 *
 * Run it alone, on a quiet machine:
 *
 * <pre>
 * mvn -B -pl sim-server -am verify -Dtest=NoSuch -Dit.test=ConsoleTraceBenchmark \
 *   -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 *
 * The figures go to stdout and sim-server/target/console-benchmark.txt. The aims (issue 31): no
 * long task over 100 ms, the first plot within 1 s, the complete plots within 3 s.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ConsoleTraceBenchmark {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int TICKS = Integer.getInteger("console.benchmark.ticks", 10_000);
  private static final int RUNS = Integer.getInteger("console.benchmark.runs", 5);
  private static final String SCENARIO_LABELS = "Tipping point|Zero-sum capture|Collapse cascade";

  /** Collects the page's long tasks from now on, into window.benchLongTasks. */
  private static final String WATCH_LONG_TASKS =
      "window.benchLongTasks = [];"
          + "new PerformanceObserver((list) => window.benchLongTasks.push("
          + "  ...list.getEntries().map((e) => ({start: e.startTime, duration: e.duration}))))"
          + ".observe({type: 'longtask'});"
          + "performance.clearMarks(); performance.clearResourceTimings();";

  private static final String LONG_TASKS_FROM =
      "const from = arguments[0]; const tasks = window.benchLongTasks.filter((t) => t.start >= from);"
          + "return {count: tasks.length, worst: Math.max(0, ...tasks.map((t) => t.duration)),"
          + "  total: tasks.reduce((s, t) => s + t.duration, 0)};";

  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);
  private String key;

  @Test
  void createAndRunAndOpenATenThousandTickTrace() throws IOException {
    ConsoleBrowser.assumeAvailable();
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String slug = SimTestFixture.organization(admin, "professional").slug();
    key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    String[] largest = longestRunOfTheLargestScenario();
    String id = largest[0];
    long traceBytes = traceBytes(id);
    List<Map<String, Object>> runs = new ArrayList<>();
    List<Map<String, Object>> opens = new ArrayList<>();
    try (ConsoleBrowser browser = ConsoleBrowser.startIfAvailable()) {
      browser.open(origin() + "/console/");
      browser.field("API key or token").sendKeys(key);
      browser.button("Sign in").click();
      browser.await(d -> browser.heading().getText().equals("Scenarios"));
      for (int run = 0; run < RUNS; run++) {
        runs.add(createAndRun(browser, largest[1]));
        opens.add(open(browser, id));
      }
    }
    String report = report(largest[1], traceBytes, runs, opens);
    System.out.println(report);
    Files.writeString(Path.of("target/console-benchmark.txt"), report);
  }

  private Map<String, Object> createAndRun(ConsoleBrowser browser, String label) {
    browser.open(origin() + "/console/scenarios");
    WebElement card =
        browser.await(
            d -> d.findElement(By.xpath("//article[.//h2[normalize-space(.)='" + label + "']]")));
    WebElement ticks = browser.field(card, "Ticks to run");
    ticks.clear();
    ticks.sendKeys(Integer.toString(TICKS));
    browser.driver.executeScript(WATCH_LONG_TASKS);
    browser.button(card, "Create and run").click();
    browser.await(d -> d.getCurrentUrl().contains("/console/simulations/"));
    browser.awaitText(TICKS + " ticks plotted");
    browser.await(d -> marks(browser, "console:plots-complete") >= 2);
    @SuppressWarnings("unchecked")
    Map<String, Object> figures =
        new java.util.HashMap<>(
            (Map<String, Object>)
                browser.driver.executeScript(
                    "const at = (n, i) => performance.getEntriesByName(n).at(i).startTime;"
                        + "const t0 = at('console:run-requested', 0);"
                        + "return {t0, firstPlot: at('console:first-plot', 0) - t0,"
                        + "  runComplete: at('console:plots-complete', 0) - t0,"
                        + "  pageComplete: at('console:plots-complete', -1) - t0,"
                        + "  traceAgain: performance.getEntriesByType('resource')"
                        + "    .filter((r) => /[/]v1[/]simulations[/][^/]+[/]trace/.test(r.name)).length};"));
    figures.putAll(longTasks(browser, ((Number) figures.get("t0")).doubleValue()));
    return figures;
  }

  private Map<String, Object> open(ConsoleBrowser browser, String id) {
    browser.open(origin() + "/console/scenarios");
    browser.await(d -> browser.heading().getText().equals("Scenarios"));
    browser.driver.executeScript(WATCH_LONG_TASKS + "performance.mark('bench:open');");
    // a navigation inside the page, as a click on the list does
    browser.driver.executeScript(
        "history.pushState(null, '', arguments[0]); dispatchEvent(new PopStateEvent('popstate'))",
        "/console/simulations/" + id);
    browser.await(d -> marks(browser, "console:plots-complete") >= 1);
    browser.awaitText(TICKS + " ticks plotted");
    @SuppressWarnings("unchecked")
    Map<String, Object> figures =
        new java.util.HashMap<>(
            (Map<String, Object>)
                browser.driver.executeScript(
                    "const at = (n) => performance.getEntriesByName(n)[0].startTime;"
                        + "const t0 = at('bench:open');"
                        + "const trace = performance.getEntriesByType('resource')"
                        + "  .filter((r) => /[/]v1[/]simulations[/][^/]+[/]trace$/.test(r.name))[0];"
                        + "return {t0, firstPlot: at('console:first-plot') - t0,"
                        + "  pageComplete: at('console:plots-complete') - t0,"
                        + "  traceEnd: trace ? trace.responseEnd - t0 : null,"
                        + "  heapMB: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null};"));
    figures.putAll(longTasks(browser, ((Number) figures.get("t0")).doubleValue()));
    return figures;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> longTasks(ConsoleBrowser browser, double from) {
    return (Map<String, Object>) browser.driver.executeScript(LONG_TASKS_FROM, from);
  }

  private static long marks(ConsoleBrowser browser, String name) {
    return (Long)
        browser.driver.executeScript(
            "return performance.getEntriesByName(arguments[0]).length", name);
  }

  /** The scenario with the most agents whose simulation lasts the ticks: its id and label. */
  private String[] longestRunOfTheLargestScenario() {
    for (String scenario : List.of("tipping-point", "zero-sum-capture", "collapse-cascade")) {
      String id =
          body(post("/v1/simulations", "{\"scenarioId\":\"" + scenario + "\"}"))
              .path("id")
              .asText();
      JsonNode stepped = body(post("/v1/simulations/" + id + "/step", "{\"ticks\":" + TICKS + "}"));
      if (stepped.path("state").path("tick").asInt() == TICKS - 1) {
        String label =
            body(client.getWithKey("/v1/scenarios/" + scenario, key).body()).path("label").asText();
        assertThat(label).matches(SCENARIO_LABELS);
        System.out.println("benchmark scenario: " + scenario);
        return new String[] {id, label};
      }
    }
    throw new IllegalStateException("no 40-agent scenario lasts " + TICKS + " ticks");
  }

  private static String report(
      String scenario,
      long bytes,
      List<Map<String, Object>> runs,
      List<Map<String, Object>> opens) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            "%s, %d ticks, trace %.1f MB NDJSON; times in ms from the press (run) or the "
                + "navigation (open)%n",
            scenario, TICKS, bytes / 1e6));
    out.append(
        "run  first plot  run plotted  page complete  trace asked again"
            + "  long tasks  worst long task  long tasks total\n");
    for (int i = 0; i < runs.size(); i++) {
      Map<String, Object> r = runs.get(i);
      out.append(
          String.format(
              "%3d  %10.0f  %11.0f  %13.0f  %17.0f  %10.0f  %15.0f  %16.0f%n",
              i + 1,
              number(r.get("firstPlot")),
              number(r.get("runComplete")),
              number(r.get("pageComplete")),
              number(r.get("traceAgain")),
              number(r.get("count")),
              number(r.get("worst")),
              number(r.get("total"))));
    }
    out.append(
        "open  first plot  trace end  page complete  JS heap MB  long tasks  worst long task"
            + "  long tasks total\n");
    for (int i = 0; i < opens.size(); i++) {
      Map<String, Object> r = opens.get(i);
      out.append(
          String.format(
              "%4d  %10.0f  %9.0f  %13.0f  %10.1f  %10.0f  %15.0f  %16.0f%n",
              i + 1,
              number(r.get("firstPlot")),
              number(r.get("traceEnd")),
              number(r.get("pageComplete")),
              number(r.get("heapMB")),
              number(r.get("count")),
              number(r.get("worst")),
              number(r.get("total"))));
    }
    assertThat(runs).hasSize(RUNS);
    return out.toString();
  }

  private static double number(Object value) {
    return value == null ? Double.NaN : ((Number) value).doubleValue();
  }

  private long traceBytes(String id) {
    HttpResponse<String> trace =
        client.send(
            client
                .request("/v1/simulations/" + id + "/trace")
                .header("X-Api-Key", key)
                .header("Accept", "application/x-ndjson"));
    return trace.body().length();
  }

  private String origin() {
    return "http://127.0.0.1:" + APP.getLocalPort();
  }

  private String post(String path, String json) {
    return client
        .send(
            client
                .request(path)
                .header("X-Api-Key", key)
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
}
