package io.causality.sim.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.core.organization.Tier;
import org.junit.jupiter.api.Test;

class RouteClassTest {
  @Test
  void createsAreThePostsUnderSimulationsAndDecrees() {
    assertThat(RouteClass.of("POST", "/v1/simulations")).isEqualTo(RouteClass.CREATE);
    assertThat(RouteClass.of("POST", "v1/simulations/run")).isEqualTo(RouteClass.CREATE);
    assertThat(RouteClass.of("POST", "/v1/simulations/from-domain")).isEqualTo(RouteClass.CREATE);
    assertThat(RouteClass.of("POST", "/v1/simulations/abc/decrees")).isEqualTo(RouteClass.CREATE);
  }

  @Test
  void stepIsItsOwnClassAndOtherWritesCountAsSteps() {
    assertThat(RouteClass.of("POST", "/v1/simulations/abc/step")).isEqualTo(RouteClass.STEP);
    assertThat(RouteClass.of("POST", "/v1/simulations/abc/step/")).isEqualTo(RouteClass.STEP);
    assertThat(RouteClass.of("PUT", "/v1/simulations/abc/agent-policy")).isEqualTo(RouteClass.STEP);
    assertThat(RouteClass.of("PUT", "/v1/simulations/abc/time-control")).isEqualTo(RouteClass.STEP);
    assertThat(RouteClass.of("POST", "/v1/evaluations")).isEqualTo(RouteClass.STEP);
  }

  @Test
  void everyGetIsAReadExceptTheEventStream() {
    assertThat(RouteClass.of("GET", "/v1/simulations")).isEqualTo(RouteClass.READ);
    assertThat(RouteClass.of("GET", "/v1/simulations/abc/trace")).isEqualTo(RouteClass.READ);
    assertThat(RouteClass.of("GET", "/v1/scenarios")).isEqualTo(RouteClass.READ);
    assertThat(RouteClass.of("GET", "/v1/simulations/abc/events")).isEqualTo(RouteClass.EVENTS);
  }

  @Test
  void limitsComeFromTheTierAndTheEventStreamHasNone() {
    Tier.RateLimits community = Tier.COMMUNITY.rateLimits();
    assertThat(RouteClass.CREATE.limitIn(community)).hasValue(10);
    assertThat(RouteClass.STEP.limitIn(community)).hasValue(60);
    assertThat(RouteClass.READ.limitIn(community)).hasValue(120);
    assertThat(RouteClass.EVENTS.limitIn(community)).isEmpty();
  }
}
