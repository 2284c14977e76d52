package io.causality.common.health;

import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.HealthCheckRegistry;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * The public health answer: every registered check (the database among them) run now. 200 with
 * status {@code UP} when all pass, 503 with {@code DOWN} otherwise. Check messages are left out on
 * purpose: they can carry driver errors that name hosts or users.
 */
public final class HealthReport {
  private final HealthCheckRegistry checks;
  private final String service;
  private final String version;

  public HealthReport(HealthCheckRegistry checks, String service, String version) {
    this.checks = checks;
    this.service = service;
    this.version = version;
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
    boolean healthy = results.values().stream().allMatch(HealthCheck.Result::isHealthy);
    Body body = new Body(healthy ? "UP" : "DOWN", service, version, byName);
    return Response.status(healthy ? 200 : 503)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(body)
        .build();
  }
}
