package io.causality.hitl.coordinator.cli.dashboard;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.cli.HitlCli;
import io.causality.hitl.protocol.client.CoordinatorClient;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The operator's tools under a quorum of two (configs/operators.yml): alice approves from the
 * dashboard with her token and no key id, which records 1 of 2 approvals; bob's {@code hitl
 * approve} without {@code --key-id} completes the quorum and prints the token.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class QuorumToolsIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/operators.yml"),
          DEPLOYMENT.operatorOverrides("policy.path", DEPLOYMENT.quorumPolicy(2).toString()));

  private static final String ALICE = "alice-token-0123456789abcdef";
  private static final String BOB = "bob-token-0123456789abcdef";

  @Test
  void theDashboardRecordsAnApprovalAndTheCliCompletesTheQuorum() throws Exception {
    String id = submitted();
    CoordinatorClient alice =
        new CoordinatorClient(
            URI.create(url()), CoordinatorClient.DEFAULT_TIMEOUT, Optional.of(ALICE));
    try (VirtualDashboard dashboard = new VirtualDashboard(alice, null)) {
      String screen = dashboard.awaitText("Request " + id);
      assertThat(screen).contains("Approvals: 0 of 2", id.substring(0, 8));

      dashboard.press('a');
      dashboard.awaitText("Approve request " + id + "?");
      dashboard.press('y');
      screen = dashboard.awaitText("approval of " + id + " recorded: 1 of 2 approvals");
      assertThat(dashboard.awaitText("Approvals: 1 of 2")).contains(" 1/2");
    }

    HitlCli.Result listed =
        new HitlCli(Map.of("HITL_TOKEN", BOB)).run("hitl", "list", "--url", url());
    HitlCli.Result shown =
        new HitlCli(Map.of("HITL_TOKEN", BOB)).run("hitl", "get", id, "--url", url());
    HitlCli.Result approved =
        new HitlCli(Map.of("HITL_TOKEN", BOB)).run("hitl", "approve", id, "--url", url());

    assertThat(listed.out())
        .contains("APPROVALS")
        .containsPattern(id + " +PENDING +actor-\\S+ +REJECT_STATE +GAMMA_BELOW_FLOOR +1/2 ");
    assertThat(shown.out())
        .contains("submitted by:    runtime", "approvals:       1 of 2 approvals");
    assertThat(approved.exit()).as(approved.err()).isZero();
    assertThat(approved.out()).contains("\"keyId\":\"ops-2\"");
    assertThat(approved.err()).startsWith("approved " + id + " with key ops-2: token ");
    Answer record =
        new CoordinatorHttp(APP.getLocalPort()).withToken(ALICE).get("/v1/override-requests/" + id);
    assertThat(record.body().get("status").asText()).isEqualTo("APPROVED");
  }

  @Test
  void anApprovalShortOfTheQuorumPrintsNoTokenAndWithoutATokenTheKeyIsRequired() {
    String id = submitted();

    HitlCli.Result recorded =
        new HitlCli(Map.of("HITL_TOKEN", ALICE)).run("hitl", "approve", id, "--url", url());
    HitlCli.Result anonymous = new HitlCli().run("hitl", "approve", id, "--url", url());

    assertThat(recorded.exit()).as(recorded.err()).isZero();
    // (standard output here also carries the in-process server's request log)
    assertThat(recorded.out()).doesNotContain("\"tokenId\"");
    assertThat(recorded.err()).contains("approval of " + id + " recorded: 1 of 2 approvals");
    assertThat(anonymous.exit()).isEqualTo(2);
    assertThat(anonymous.err()).contains("HITL_TOKEN");
  }

  private static String url() {
    return "http://127.0.0.1:" + APP.getLocalPort();
  }

  private static String submitted() {
    Answer answer =
        new CoordinatorHttp(APP.getLocalPort())
            .withToken("runtime-token-0123456789abcdef")
            .post(
                "/v1/override-requests",
                submission("actor-" + UUID.randomUUID().toString().substring(0, 8)));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }
}
