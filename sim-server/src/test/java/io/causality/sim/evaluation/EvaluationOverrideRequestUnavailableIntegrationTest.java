package io.causality.sim.evaluation;

import static io.causality.sim.evaluation.TwoServices.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A coordinator that is down, or accepts the connection and never answers, leaves what became of an
 * override request untold: 503 COORDINATOR_UNAVAILABLE within the timeout, never the coordinator's
 * address. The deployment is dev-init's, and the coordinator is never started.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class EvaluationOverrideRequestUnavailableIntegrationTest {
  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy();
  static final DropwizardAppExtension<SimConfiguration> SIM =
      TwoServices.simServer(COORDINATOR, "1 second");

  @Test
  void aStoppedOrSilentCoordinatorIs503() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    String slug = SimTestFixture.organization(admin, "community").slug();
    String key = admin.createApiKey(slug, "simulation:read,simulation:write").key();
    String id = TwoServices.simulation("http://127.0.0.1:" + SIM.getLocalPort(), key, 0.2, 0.3, 2);
    String evaluation =
        TwoServices.recordEvaluation(SimTestFixture.jdbi(SIM), id, UUID.randomUUID().toString());
    String path = "/v1/simulations/" + id + "/evaluations/" + evaluation + "/override-request";
    SimTestFixture.Client client = new SimTestFixture.Client(SIM);

    assertUnavailable(json(client.getWithKey(path, key), 503));
    // The port now accepts connections into the backlog and never answers.
    try (ServerSocket silent =
        new ServerSocket(COORDINATOR.port(), 50, InetAddress.getLoopbackAddress())) {
      assertUnavailable(json(client.getWithKey(path, key), 503));
    }
  }

  private static void assertUnavailable(JsonNode answer) {
    JsonNode error = answer.get("error");
    assertThat(error.get("code").asText()).isEqualTo("COORDINATOR_UNAVAILABLE");
    assertThat(error.get("message").asText())
        .contains("cannot be reached")
        .doesNotContain(String.valueOf(COORDINATOR.port()));
  }
}
