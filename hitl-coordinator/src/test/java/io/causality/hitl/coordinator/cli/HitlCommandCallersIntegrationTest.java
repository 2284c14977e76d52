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
import java.nio.file.Path;
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

  @Test
  void theTokenMayComeFromAFileAsDevInitWritesIt() {
    Path file = DEPLOYMENT.write("operator-1.token", OPERATOR_TOKEN + "\n");
    String byOption = submit("actor-token-file");
    String byVariable = submit("actor-token-file-variable");

    Result option =
        new HitlCli()
            .run("hitl", "approve", byOption, "--token-file", file.toString(), "--url", url());
    Result variable =
        new HitlCli(Map.of("HITL_TOKEN_FILE", file.toString()))
            .run("hitl", "deny", byVariable, "--url", url());
    Result missing =
        new HitlCli().run("hitl", "list", "--token-file", file + ".nope", "--url", url());

    assertThat(option.exit()).as(option.err()).isZero();
    assertThat(option.err()).contains("approved " + byOption);
    assertThat(variable.exit()).as(variable.err()).isZero();
    assertThat(variable.out()).contains("denied " + byVariable + " by operator-1");
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err()).contains("token file").doesNotContain(OPERATOR_TOKEN);
  }

  @Test
  void decidingWithoutAnyTokenSendsNothing() {
    String id = submit("actor-no-token");

    Result approve =
        new HitlCli().run("hitl", "approve", id, "--key-id", TestDeployment.KEY_ID, "--url", url());

    assertThat(approve.exit()).isEqualTo(2);
    assertThat(approve.err()).contains("needs an operator's bearer token");
  }
}
