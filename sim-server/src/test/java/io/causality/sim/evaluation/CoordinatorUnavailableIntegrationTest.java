package io.causality.sim.evaluation;

import static io.causality.sim.evaluation.TwoServices.json;
import static io.causality.sim.evaluation.TwoServices.licenseOf;
import static io.causality.sim.evaluation.TwoServices.post;
import static io.causality.sim.evaluation.TwoServices.request;
import static io.causality.sim.evaluation.TwoServices.withToken;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.sim.SimConfiguration;
import io.causality.sim.core.organization.OrganizationAdmin;
import io.causality.sim.db.OrganizationRow;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Fail-closed: with a genuine approved token, a stopped coordinator and one that accepts the
 * connection but never answers both leave the rejection standing, within the timeout.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class CoordinatorUnavailableIntegrationTest {
  static final Duration TIMEOUT = Duration.ofSeconds(1);
  // Room for a loaded shared machine; far below the 5 s default it must not fall back to.
  static final Duration MARGIN = Duration.ofMillis(2500);

  static final CoordinatorProcess COORDINATOR = CoordinatorProcess.deploy().start();
  static final TwoServices.Operator OPERATOR = TwoServices.Operator.of(COORDINATOR);
  static final DropwizardAppExtension<SimConfiguration> SIM =
      TwoServices.simServer(COORDINATOR, "1 second");

  @AfterAll
  static void stopCoordinator() {
    COORDINATOR.stop();
  }

  @Test
  void aStoppedOrSilentCoordinatorKeepsTheRejection() throws Exception {
    OrganizationAdmin admin = SimTestFixture.admin(SIM);
    OrganizationRow organization = SimTestFixture.organization(admin, "community");
    String writer = admin.createApiKey(organization.slug(), "simulation:write,org:read").key();
    String license = licenseOf(simUrl(), organization.id(), writer);
    ObjectNode request = request("actor-down", 0.2, -0.01, license);
    JsonNode rejected = evaluate(request, writer);
    JsonNode token = OPERATOR.approve(OPERATOR.submit(request, rejected, license));
    COORDINATOR.stop();

    assertUnavailable(request, token, writer, Duration.ZERO);
    // The port now accepts connections into the backlog and never answers.
    try (ServerSocket silent =
        new ServerSocket(COORDINATOR.port(), 50, InetAddress.getLoopbackAddress())) {
      assertUnavailable(request, token, writer, TIMEOUT.minusMillis(100));
    }
  }

  private void assertUnavailable(
      ObjectNode request, JsonNode token, String writer, Duration atLeast) {
    long started = System.nanoTime();
    JsonNode response = evaluate(withToken(request, token), writer);
    Duration took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(response.get("decision").asText()).isEqualTo("REJECT_STATE");
    assertThat(response.get("reasonCode").asText()).isEqualTo("GAMMA_BELOW_FLOOR");
    assertThat(response.get("overrideOutcome").get("status").asText()).isEqualTo("Rejected");
    assertThat(response.get("overrideOutcome").get("failureReason").asText())
        .isEqualTo("CoordinatorUnavailable");
    assertThat(took).isGreaterThanOrEqualTo(atLeast).isLessThan(TIMEOUT.plus(MARGIN));
  }

  private static JsonNode evaluate(JsonNode request, String writer) {
    String url = simUrl() + "/v1/evaluations";
    return json(post(url, request.toString(), writer), 200);
  }

  private static String simUrl() {
    return "http://127.0.0.1:" + SIM.getLocalPort();
  }
}
