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

/**
 * Not a test (no figure is asserted, and its name keeps it out of {@code mvn verify}): time to the
 * first plot and to the complete plots of a 10,000-tick trace of the largest scenario, measured in
 * the browser with the Performance API. Run it alone:
 *
 * <pre>
 * mvn -B -pl sim-server -am verify -Dtest=NoSuch -Dit.test=ConsoleTraceBenchmark \
 *   -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * The figures go to stdout and sim-server/target/console-benchmark.txt (docs/performance.md).
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ConsoleTraceBenchmark {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(ConfigOverride.config("rateLimits.enabled", "false"));
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int TICKS = 10_000;
  private static final int RUNS = 5;
  private final SimTestFixture.Client client = new SimTestFixture.Client(APP);
  private String key;

  @Test
  void firstAndCompletePlotsOfATenThousandTickTrace() throws IOException {
    ConsoleBrowser.assumeAvailable();
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    String slug = SimTestFixture.organization(admin, "professional").slug();
    key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    String id = longestRunOfTheLargestScenario();
    long traceBytes = traceBytes(id);
    List<Map<String, Object>> runs = new ArrayList<>();
    try (ConsoleBrowser browser = ConsoleBrowser.startIfAvailable()) {
      browser.open(origin() + "/console/");
      browser.field("API key or token").sendKeys(key);
      browser.button("Sign in").click();
      browser.await(d -> browser.heading().getText().equals("Scenarios"));
      for (int run = 0; run < RUNS; run++) {
        browser.open(origin() + "/console/simulations/" + id);
        double worstDelay = worstTaskDelayUntilComplete(browser);
        browser.awaitText(TICKS + " ticks plotted");
        Map<String, Object> figures = new java.util.HashMap<>(measure(browser));
        figures.put("worstDelay", worstDelay);
        runs.add(figures);
      }
    }
    String report = report(id, traceBytes, runs);
    System.out.println(report);
    Files.writeString(Path.of("target/console-benchmark.txt"), report);
  }

  /** The scenario with the most agents whose simulation lasts the 10,000 ticks. */
  private String longestRunOfTheLargestScenario() {
    for (String scenario : List.of("tipping-point", "zero-sum-capture", "collapse-cascade")) {
      String id =
          body(post("/v1/simulations", "{\"scenarioId\":\"" + scenario + "\"}"))
              .path("id")
              .asText();
      JsonNode stepped = body(post("/v1/simulations/" + id + "/step", "{\"ticks\":" + TICKS + "}"));
      if (stepped.path("state").path("tick").asInt() == TICKS - 1) {
        System.out.println("benchmark scenario: " + scenario + " (40 agents)");
        return id;
      }
    }
    throw new IllegalStateException("no 40-agent scenario lasts " + TICKS + " ticks");
  }

  /**
   * How long a task queued on the page waits before it runs, sampled while the trace loads: what a
   * click would wait. The worst sample, in milliseconds.
   */
  private static double worstTaskDelayUntilComplete(ConsoleBrowser browser) {
    double worst = 0;
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(2);
    while (!marked(browser, "console:plots-complete")) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the plots were not complete within two minutes");
      }
      Object delay =
          browser.driver.executeAsyncScript(
              "const done = arguments[arguments.length - 1]; const t = performance.now();"
                  + "setTimeout(() => done(performance.now() - t), 0);");
      worst = Math.max(worst, ((Number) delay).doubleValue());
    }
    return worst;
  }

  private static boolean marked(ConsoleBrowser browser, String name) {
    return (Boolean)
        browser.driver.executeScript(
            "return performance.getEntriesByName(arguments[0]).length > 0", name);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> measure(ConsoleBrowser browser) {
    return (Map<String, Object>)
        browser.driver.executeScript(
            "const at = (n) => performance.getEntriesByName(n)[0].startTime;"
                + "const trace = performance.getEntriesByType('resource')"
                + "  .filter((r) => r.name.endsWith('/trace'))[0];"
                + "return {firstPlot: at('console:first-plot'),"
                + "  complete: at('console:plots-complete'),"
                + "  traceRequest: trace ? trace.startTime : null,"
                + "  traceResponseEnd: trace ? trace.responseEnd : null,"
                + "  heapMB: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null};");
  }

  private static String report(String id, long bytes, List<Map<String, Object>> runs) {
    StringBuilder out = new StringBuilder();
    out.append(String.format("trace of %s: %d ticks, %.1f MB NDJSON%n", id, TICKS, bytes / 1e6));
    out.append(
        "run  first plot ms  complete ms  trace request ms  trace end ms  JS heap MB"
            + "  worst task delay ms\n");
    for (int i = 0; i < runs.size(); i++) {
      Map<String, Object> r = runs.get(i);
      out.append(
          String.format(
              "%3d  %13.0f  %11.0f  %16.0f  %12.0f  %10.1f  %19.0f%n",
              i + 1,
              number(r.get("firstPlot")),
              number(r.get("complete")),
              number(r.get("traceRequest")),
              number(r.get("traceResponseEnd")),
              number(r.get("heapMB")),
              number(r.get("worstDelay"))));
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
