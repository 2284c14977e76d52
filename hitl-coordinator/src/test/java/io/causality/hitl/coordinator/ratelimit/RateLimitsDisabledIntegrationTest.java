package io.causality.hitl.coordinator.ratelimit;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@code rateLimits.enabled: false} limits nothing, whatever the budgets say. */
@ExtendWith(DropwizardExtensionsSupport.class)
class RateLimitsDisabledIntegrationTest {
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/minimal.yml"),
          TestDeployment.plain()
              .overrides("rateLimits.enabled", "false", "rateLimits.submissionsPerPeriod", "1"));

  @Test
  void everySubmissionIsAdmitted() {
    CoordinatorHttp open = new CoordinatorHttp(APP.getLocalPort());
    for (int i = 0; i < 3; i++) {
      assertThat(open.post("/v1/override-requests", submission("unlimited-" + i)).status())
          .isEqualTo(201);
    }
  }
}
