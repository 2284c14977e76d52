package io.causality.hitl.protocol.wire;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class EvaluationsTest {

  private final ObjectMapper mapper = ProtocolJson.newMapper();

  @Test
  void readsTheOverrideRelevantMembers() throws Exception {
    JsonNode response =
        mapper.readTree(
            """
                {"decision":"REJECT_ACTION","escalation":{"escalationType":"HUMAN_ESCALATION"},
                 "adaptive":{"escalationRecommended":"REFORMULATE","failureFingerprint":"fp",
                             "evaluatedActorId":"a-2"}}""");

    assertThat(Evaluations.decision(response)).contains(Decision.REJECT_ACTION);
    assertThat(Evaluations.escalationTypeText(response)).contains("HUMAN_ESCALATION");
    assertThat(Evaluations.escalationRecommended(response)).contains("REFORMULATE");
    assertThat(Evaluations.failureFingerprint(response)).contains("fp");
    assertThat(Evaluations.evaluatedActorId(response)).contains("a-2");
  }

  @Test
  void topLevelEvaluatedActorWinsAndMistypedMembersReadAsAbsent() throws Exception {
    JsonNode response =
        mapper.readTree(
            """
                {"decision":7,"escalation":"HUMAN_ESCALATION","evaluatedActorId":"a-1",
                 "adaptive":{"evaluatedActorId":"a-2"}}""");

    assertThat(Evaluations.decision(response)).isEmpty();
    assertThat(Evaluations.escalationTypeText(response)).isEmpty();
    assertThat(Evaluations.evaluatedActorId(response)).contains("a-1");
  }

  @Test
  void overrideTokenPresence() throws Exception {
    assertThat(Evaluations.hasOverrideToken(mapper.readTree("{\"overrideToken\":{}}"))).isTrue();
    assertThat(Evaluations.hasOverrideToken(mapper.readTree("{\"overrideToken\":null}"))).isFalse();
    assertThat(Evaluations.hasOverrideToken(mapper.readTree("{}"))).isFalse();
  }

  @Test
  void statusParsingIgnoresCase() {
    assertThat(OverrideRequestStatus.parse("pending")).contains(OverrideRequestStatus.PENDING);
    assertThat(OverrideRequestStatus.parse("Redeemed")).contains(OverrideRequestStatus.REDEEMED);
    assertThat(OverrideRequestStatus.parse("done")).isEmpty();
  }
}
