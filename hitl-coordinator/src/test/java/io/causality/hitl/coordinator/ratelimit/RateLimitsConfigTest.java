package io.causality.hitl.coordinator.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.config.RateLimitsConfig;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.Duration;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The {@code rateLimits} block: working defaults, and each bound refused with its key named. */
class RateLimitsConfigTest {
  private static final Validator VALIDATOR = Validators.newValidator();

  @Test
  void theDefaultsAreValid() {
    RateLimitsConfig defaults = new RateLimitsConfig();

    assertThat(VALIDATOR.validate(defaults)).isEmpty();
    assertThat(defaults.isEnabled()).isTrue();
    assertThat(defaults.getSubmissionsPerPeriod()).isEqualTo(120);
    assertThat(defaults.getRedemptionsPerPeriod()).isEqualTo(1_200);
    assertThat(defaults.getPeriod()).isEqualTo(Duration.minutes(1));
  }

  @Test
  void eachBoundIsRefusedByName() {
    RateLimitsConfig config = new RateLimitsConfig();
    config.setSubmissionsPerPeriod(0);
    config.setRedemptionsPerPeriod(1_000_001);
    config.setPeriod(Duration.milliseconds(0));

    assertThat(invalidKeys(config))
        .containsExactlyInAnyOrder("submissionsPerPeriod", "redemptionsPerPeriod", "period");
  }

  @Test
  void aPeriodIsRequiredAndAtMostADay() {
    RateLimitsConfig missing = new RateLimitsConfig();
    missing.setPeriod(null);
    RateLimitsConfig tooLong = new RateLimitsConfig();
    tooLong.setPeriod(Duration.days(2));

    assertThat(invalidKeys(missing)).containsExactly("period");
    assertThat(invalidKeys(tooLong)).containsExactly("period");
  }

  private static Set<String> invalidKeys(RateLimitsConfig config) {
    Set<ConstraintViolation<RateLimitsConfig>> violations = VALIDATOR.validate(config);
    return violations.stream().map(v -> v.getPropertyPath().toString()).collect(Collectors.toSet());
  }
}
