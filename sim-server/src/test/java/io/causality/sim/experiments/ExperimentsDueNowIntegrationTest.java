package io.causality.sim.experiments;

import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An experiment submitted to an instance starts on its workers at once, and completes as soon as
 * its last chunk is stored, rather than at their next poll of the queue: here the workers poll once
 * a minute (the longest interval allowed), so only the queue's {@code dueNow} after the
 * submission's and the last chunk's commits can start the runs and the aggregation within the
 * deadline.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class ExperimentsDueNowIntegrationTest {
  static final DropwizardAppExtension<SimConfiguration> APP =
      SimTestFixture.app(
          ConfigOverride.config("rateLimits.enabled", "false"),
          ConfigOverride.config("experiments.workers", "1"),
          ConfigOverride.config("experiments.pollInterval", "1 minute"));

  @Test
  void anExperimentRunsAndCompletesWithoutWaitingForThePoll() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(APP);
    OrganizationRow organization = SimTestFixture.organization(admin, "strategic");
    String key = admin.createApiKey(organization.slug(), "simulation:read,simulation:write").key();

    // 4 runs, a chunk each: the worker fetches 3, then 1. The library looks for more work by
    // itself only after a full fetch, so the aggregation, queued by the fourth, waits for dueNow.
    String fourRuns = ExperimentsFixture.GRID.replace("\"replications\": 3", "\"replications\": 1");
    String id = Outputs.submit(APP.getLocalPort(), key, fourRuns);

    Outputs.awaitCompleted(APP.getLocalPort(), key, id, Duration.ofSeconds(20));
  }
}
