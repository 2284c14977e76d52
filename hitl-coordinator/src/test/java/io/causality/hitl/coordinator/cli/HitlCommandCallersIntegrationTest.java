package io.causality.hitl.coordinator.cli;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.causality.hitl.coordinator.cli.HitlCli.Result;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The {@code hitl} tools against a coordinator that requires bearer tokens (callers.yml). */
@ExtendWith(DropwizardExtensionsSupport.class)
class HitlCommandCallersIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/callers.yml"),
          DEPLOYMENT.overrides());

  private static final String OPERATOR_TOKEN = "operator-token-0123456789abcdef";
  private static final String SUBMITTER_TOKEN = "submitter-token-0123456789abcdef";

  private String url() {
    return "http://127.0.0.1:" + APP.getLocalPort();
  }

  private String submit(String actorId) {
    Answer answer =
        new CoordinatorHttp(APP.getLocalPort())
            .withToken("runtime-token-0123456789abcdef")
            .post("/v1/override-requests", submission(actorId));
    assertThat(answer.status()).as(answer.text()).isEqualTo(201);
    return answer.body().get("coordinatorRequestId").asText();
  }

  @Test
  void theTokenComesFromHitlToken() {
    String id = submit("actor-with-token");
    HitlCli operator = new HitlCli(Map.of("HITL_TOKEN", OPERATOR_TOKEN));

    Result list = operator.run("hitl", "list", "--url", url());
    Result approve =
        operator.run("hitl", "approve", id, "--key-id", TestDeployment.KEY_ID, "--url", url());

    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.out()).contains(id);
    assertThat(approve.exit()).as(approve.err()).isZero();
    assertThat(list.out() + list.err() + approve.out() + approve.err())
        .doesNotContain(OPERATOR_TOKEN);
  }

  @Test
  void withoutATokenOrWithoutTheRoleTheCoordinatorRefuses() {
    String id = submit("actor-without-token");

    Result none = new HitlCli().run("hitl", "get", id, "--url", url());
    Result submitter =
        new HitlCli(Map.of("HITL_TOKEN", SUBMITTER_TOKEN))
            .run("hitl", "deny", id, "--key-id", TestDeployment.KEY_ID, "--url", url());

    assertThat(none.exit()).isEqualTo(1);
    assertThat(none.err()).startsWith("error: coordinator refused (401 UNAUTHORIZED)");
    assertThat(submitter.exit()).isEqualTo(1);
    assertThat(submitter.err())
        .startsWith("error: coordinator refused (403 FORBIDDEN)")
        .doesNotContain(SUBMITTER_TOKEN);
  }
}
