package io.causality.common.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.HealthCheckRegistry;
import jakarta.ws.rs.core.Response;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** UP, DEGRADED (a degradable check fails: still 200) and DOWN (503). */
class HealthReportTest {
  private final HealthCheckRegistry checks = new HealthCheckRegistry();
  private final HealthReport report = new HealthReport(checks, "svc", "1", Set.of("coordinator"));

  private static HealthCheck of(boolean healthy) {
    return new HealthCheck() {
      @Override
      protected Result check() {
        return healthy ? Result.healthy() : Result.unhealthy("no");
      }
    };
  }

  private HealthReport.Body body(Response response) {
    return (HealthReport.Body) response.getEntity();
  }

  @Test
  void allPassingIsUp() {
    checks.register("database", of(true));
    checks.register("coordinator", of(true));
    Response response = report.respond();
    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(body(response).status()).isEqualTo("UP");
  }

  @Test
  void aFailingDegradableCheckIsDegradedAndStill200() {
    checks.register("database", of(true));
    checks.register("coordinator", of(false));
    Response response = report.respond();
    assertThat(response.getStatus()).isEqualTo(200);
    assertThat(body(response).status()).isEqualTo("DEGRADED");
    assertThat(body(response).checks()).containsEntry("coordinator", "DOWN");
  }

  @Test
  void anyOtherFailingCheckIsDown() {
    checks.register("database", of(false));
    checks.register("coordinator", of(false));
    Response response = report.respond();
    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(body(response).status()).isEqualTo("DOWN");
  }
}
