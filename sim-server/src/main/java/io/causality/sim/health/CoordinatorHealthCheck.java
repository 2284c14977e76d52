package io.causality.sim.health;

import com.codahale.metrics.health.HealthCheck;
import com.codahale.metrics.health.annotation.Async;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.causality.hitl.protocol.client.CoordinatorResult;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The {@code coordinator} health check, when evaluation is configured: the coordinator answers its
 * health endpoint and reports itself up. Its failure degrades the service (escalations and
 * redemptions fail closed) but does not take it out of a balancer: {@code GET /v1/health} answers
 * 200 {@code DEGRADED}. Run every 10 seconds in the background, so that a health poll never waits
 * up to the client's timeout for an unreachable coordinator.
 */
@Async(period = 10, unit = TimeUnit.SECONDS)
public final class CoordinatorHealthCheck extends HealthCheck {
  public static final String NAME = "coordinator";

  private final CoordinatorClient coordinator;

  public CoordinatorHealthCheck(CoordinatorClient coordinator) {
    this.coordinator = Objects.requireNonNull(coordinator, "coordinator");
  }

  @Override
  protected Result check() {
    CoordinatorResult<?> answer = coordinator.health();
    if (answer instanceof CoordinatorResult.Success<?>) {
      return Result.healthy("coordinator at %s is up", coordinator.baseUrl());
    }
    return Result.unhealthy(answer.failure().orElse("no usable answer"));
  }
}
