package io.causality.common.health;

import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.HealthCheckRegistry;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/**
 * The public health answer: every registered check (the database among them) run now. 200 with
 * status {@code UP} when all pass, 503 with {@code DOWN} otherwise. A failing check named among the
 * {@code degradable} ones (a dependency the service works without, such as sim-server's
 * coordinator) gives 200 {@code DEGRADED} instead, so that a balancer keeps the node. Check
 * messages are left out on purpose: they can carry driver errors that name hosts or users.
 */
public final class HealthReport {
  private final HealthCheckRegistry checks;
  private final String service;
  private final String version;
  private final Set<String> degradable;

  public HealthReport(HealthCheckRegistry checks, String service, String version) {
    this(checks, service, version, Set.of());
  }

  /**
   * @param degradable the checks whose failure degrades the service but leaves it serving
   */
  public HealthReport(
      HealthCheckRegistry checks, String service, String version, Set<String> degradable) {
    this.checks = checks;
    this.service = service;
    this.version = version;
    this.degradable = Set.copyOf(degradable);
  }

  /** The JSON body of a health answer. */
  @JsonPropertyOrder({"status", "service", "version", "checks"})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Body(String status, String service, String version, Map<String, String> checks) {}

  /** The liveness answer: UP, with no checks run, so none are listed. */
  public Body live() {
    return new Body("UP", service, version, null);
  }

  public Response respond() {
    SortedMap<String, HealthCheck.Result> results = checks.runHealthChecks();
    Map<String, String> byName = new LinkedHashMap<>();
    results.forEach((name, result) -> byName.put(name, result.isHealthy() ? "UP" : "DOWN"));
    boolean down = failing(results, false);
    String status = down ? "DOWN" : failing(results, true) ? "DEGRADED" : "UP";
    Body body = new Body(status, service, version, byName);
    return Response.status(down ? 503 : 200)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(body)
        .build();
  }

  /** Whether a check fails among the degradable ones ({@code degradableOnes}) or the others. */
  private boolean failing(Map<String, HealthCheck.Result> results, boolean degradableOnes) {
    return results.entrySet().stream()
        .anyMatch(
            e -> degradable.contains(e.getKey()) == degradableOnes && !e.getValue().isHealthy());
  }
}
