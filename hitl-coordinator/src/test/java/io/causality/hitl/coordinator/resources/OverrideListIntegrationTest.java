package io.causality.hitl.coordinator.resources;

import static io.causality.hitl.coordinator.OverrideBodies.submission;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.hitl.coordinator.CoordinatorApplication;
import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.CoordinatorHttp;
import io.causality.hitl.coordinator.CoordinatorHttp.Answer;
import io.causality.hitl.coordinator.TestDeployment;
import io.dropwizard.testing.ResourceHelpers;
import io.dropwizard.testing.junit5.DropwizardAppExtension;
import io.dropwizard.testing.junit5.DropwizardExtensionsSupport;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The list a page at a time: a page size of at most 100 (a request may hold megabytes), the total
 * of what matches, offsets, the actor filter, and one 400 naming each bad parameter.
 */
@ExtendWith(DropwizardExtensionsSupport.class)
class OverrideListIntegrationTest {
  static final TestDeployment DEPLOYMENT = TestDeployment.plain();
  static final DropwizardAppExtension<CoordinatorConfiguration> APP =
      new DropwizardAppExtension<>(
          CoordinatorApplication.class,
          ResourceHelpers.resourceFilePath("configs/minimal.yml"),
          DEPLOYMENT.overrides());
  private static final String REQUESTS = "/v1/override-requests";
  private static final List<String> SUBMITTED = new ArrayList<>();

  /** Five requests of actor-a and two of actor-b, oldest first. */
  @BeforeAll
  static void submit() {
    CoordinatorHttp http = new CoordinatorHttp(APP.getLocalPort());
    for (int i = 0; i < 7; i++) {
      Answer answer = http.post(REQUESTS, submission(i < 5 ? "actor-a" : "actor-b"));
      assertThat(answer.status()).as(answer.text()).isEqualTo(201);
      SUBMITTED.add(answer.body().get("coordinatorRequestId").asText());
    }
  }

  private static JsonNode page(String query) {
    Answer answer = new CoordinatorHttp(APP.getLocalPort()).get(REQUESTS + query);
    assertThat(answer.status()).as(answer.text()).isEqualTo(200);
    return answer.body();
  }

  private static List<String> ids(JsonNode page) {
    List<String> ids = new ArrayList<>();
    page.get("data").forEach(r -> ids.add(r.get("coordinatorRequestId").asText()));
    return ids;
  }

  @Test
  void pagesHoldTheirLimitNewestFirstWithTheTotal() {
    JsonNode first = page("?limit=3");
    JsonNode third = page("?limit=3&offset=6");

    assertThat(ids(first)).containsExactly(SUBMITTED.get(6), SUBMITTED.get(5), SUBMITTED.get(4));
    assertThat(first.get("pagination").toString())
        .isEqualTo("{\"limit\":3,\"offset\":0,\"total\":7}");
    assertThat(ids(third)).containsExactly(SUBMITTED.get(0));
    assertThat(page("?offset=7").get("data")).isEmpty();
  }

  @Test
  void withoutParametersAPageHoldsFifty() {
    assertThat(page("").get("pagination").get("limit").asInt()).isEqualTo(50);
  }

  @Test
  void theActorFilterCombinesWithTheStatus() {
    JsonNode ofB = page("?actorId=actor-b&status=PENDING");

    assertThat(ids(ofB)).containsExactly(SUBMITTED.get(6), SUBMITTED.get(5));
    assertThat(ofB.get("pagination").get("total").asLong()).isEqualTo(2);
    assertThat(page("?actorId=nobody").get("pagination").get("total").asLong()).isZero();
  }

  @Test
  void eachBadParameterIsNamedInOneAnswer() {
    Answer answer = new CoordinatorHttp(APP.getLocalPort()).get(REQUESTS + "?limit=101&offset=-1");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.errorCode()).isEqualTo("VALIDATION_ERROR");
    List<String> paths = new ArrayList<>();
    answer.issues().forEach(issue -> paths.add(issue.get("path").asText()));
    assertThat(paths).containsExactlyInAnyOrder("limit", "offset");
    assertThat(new CoordinatorHttp(APP.getLocalPort()).get(REQUESTS + "?limit=0").status())
        .isEqualTo(400);
  }
}
