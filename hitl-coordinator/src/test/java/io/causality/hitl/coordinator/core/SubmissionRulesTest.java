package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.Submissions.request;
import static io.causality.hitl.coordinator.core.Submissions.response;
import static io.causality.hitl.coordinator.core.Submissions.valid;
import static io.causality.hitl.coordinator.core.Submissions.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules about the evaluation; the body's shape is {@link WireConstraintsTest}'s. */
class SubmissionRulesTest {

  /** SHA-256 of {"actorId":"actor-7","decision":"REJECT_STATE",...}, computed in Python. */
  private static final String DERIVED_FINGERPRINT =
      "e5b72fe4b2aab9583e0473ab77965a6e77be204ff7d072c64a288e7b24569206";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final SubmissionRules rules = new SubmissionRules();

  @Test
  void aValidSubmissionDerivesHashesActorIntentAndFingerprint() {
    Submission s = rules.check(valid("actor-7", "intent-9"), null);

    assertThat(s.actorId()).isEqualTo("actor-7");
    assertThat(s.intentId()).isEqualTo("intent-9");
    assertThat(s.requestHash())
        .hasSize(64)
        .isNotEqualTo(rules.check(valid("actor-8", "intent-9"), null).requestHash());
    assertThat(s.actionHash()).isNull();
    assertThat(s.failureFingerprint()).isEqualTo(DERIVED_FINGERPRINT);
  }

  @Test
  void rule1DecisionMustBeAnOverrideableRejection() {
    ObjectNode pass = response().put("decision", "PASS");
    ObjectNode missing = response();
    missing.remove("decision");

    assertIssues(with(request("a", null), pass, "lic"), "evaluationResponse.decision");
    assertIssues(with(request("a", null), missing, "lic"), "evaluationResponse.decision");
    ObjectNode action = response().put("decision", "REJECT_ACTION");
    assertThat(rules.check(with(request("a", null), action, "lic"), null).actorId()).isEqualTo("a");
  }

  @Test
  void rule2EscalationMustBeHuman() {
    ObjectNode reformulate = response();
    ((ObjectNode) reformulate.get("escalation")).put("escalationType", "REFORMULATE");
    ObjectNode none = response();
    none.remove("escalation");

    assertIssues(
        with(request("a", null), reformulate, "lic"),
        "evaluationResponse.escalation.escalationType");
    assertIssues(
        with(request("a", null), none, "lic"), "evaluationResponse.escalation.escalationType");
  }

  @Test
  void rule3AdaptiveDetailMustAlsoRecommendHumanEscalation() {
    ObjectNode reformulate = response();
    reformulate.putObject("adaptive").put("escalationRecommended", "REFORMULATE");
    ObjectNode notAnObject = response().put("adaptive", "HUMAN_ESCALATION");

    assertIssues(
        with(request("a", null), reformulate, "lic"),
        "evaluationResponse.adaptive.escalationRecommended");
    assertIssues(with(request("a", null), notAnObject, "lic"), "evaluationResponse.adaptive");
  }

  @Test
  void rule4TheRequestMustNotCarryAToken() {
    ObjectNode carrying = request("a", null);
    carrying.putObject("overrideToken").put("tokenId", "t");

    assertIssues(with(carrying, response(), "lic"), "evaluationRequest.overrideToken");
  }

  @Test
  void everyBrokenRuleIsReportedTogether() {
    ObjectNode carrying = request("a", null);
    carrying.put("overrideToken", "x");
    ObjectNode bad = response().put("decision", "PASS");
    bad.putObject("adaptive").put("escalationRecommended", "REFORMULATE");
    ((ObjectNode) bad.get("escalation")).put("escalationType", "NONE");

    assertIssues(
        with(carrying, bad, "lic"),
        "evaluationRequest.overrideToken",
        "evaluationResponse.decision",
        "evaluationResponse.escalation.escalationType",
        "evaluationResponse.adaptive.escalationRecommended");
    assertThatThrownBy(() -> rules.check(null, null))
        .isInstanceOf(OverrideValidationException.class);
  }

  @Test
  void overlongIdentifiersInsideTheEnvelopesAreRefused() {
    String longId = "x".repeat(256);
    ObjectNode response = response().put("evaluatedActorId", longId);
    SubmitOverrideRequest body =
        new SubmitOverrideRequest(request(longId, null), response, "lic", null, null, null, null);

    assertIssues(body, "evaluationRequest.actorId", "evaluationResponse.evaluatedActorId");
  }

  @Test
  void identifiersInsideTheEnvelopesHoldPrintableCharactersOnly() {
    ObjectNode request = request("a\u001b[2Jb", "intent\nforged").put("requestId", "r\u202e1");
    ObjectNode response = response().put("evaluatedActorId", "tab\there");

    assertIssues(
        with(request, response, "lic"),
        "evaluationRequest.requestId",
        "evaluationRequest.actorId",
        "evaluationRequest.intentId",
        "evaluationResponse.evaluatedActorId");
  }

  @Test
  void numbersWithoutACanonicalFormAreBadFieldsNotAServerError() throws Exception {
    ObjectNode request = request("a", null);
    ((ObjectNode) request.get("snapshot").get("metrics"))
        .set("gamma", JSON.readTree("9".repeat(400)));
    ObjectNode response = response();
    ((ObjectNode) response.get("escalation")).set("stepsToBreach", JSON.readTree("1e400"));

    assertIssues(
        with(request, response, "lic"),
        "evaluationRequest.snapshot.metrics.gamma",
        "evaluationResponse.escalation.stepsToBreach");
  }

  @Test
  void actorComesFromTheSubmissionThenTheRequestThenTheEvaluation() {
    ObjectNode evaluated = response().put("evaluatedActorId", "from-evaluation");
    SubmitOverrideRequest all =
        new SubmitOverrideRequest(
            request("from-request", null), evaluated, "lic", "from-submission", null, null, null);
    SubmitOverrideRequest noPreferred = with(request("from-request", null), evaluated, "lic");
    SubmitOverrideRequest evaluationOnly = with(request(null, null), evaluated, "lic");
    ObjectNode inDetail = response();
    inDetail
        .putObject("adaptive")
        .put("escalationRecommended", "HUMAN_ESCALATION")
        .put("evaluatedActorId", "from-detail");

    assertThat(rules.check(all, null).actorId()).isEqualTo("from-submission");
    assertThat(rules.check(noPreferred, null).actorId()).isEqualTo("from-request");
    assertThat(rules.check(evaluationOnly, null).actorId()).isEqualTo("from-evaluation");
    assertThat(rules.check(with(request(null, null), inDetail, "lic"), null).actorId())
        .isEqualTo("from-detail");
    assertThat(rules.check(with(request(null, null), response(), "lic"), null).actorId()).isNull();
  }

  @Test
  void theAdaptiveFingerprintWinsOverTheDerivedOne() {
    assertThat(rules.check(Submissions.withFingerprint("a", "fp-1"), null).failureFingerprint())
        .isEqualTo("fp-1");
  }

  @Test
  void gatingKeyTreatsMissingValuesAsEmptyStrings() {
    Submission missing = new Submission("h", null, "a", null, null, null);
    Submission empty = new Submission("h", null, "a", "", "", null);
    Submission other = new Submission("h", null, "a", "i", "", null);

    assertThat(missing.gatingKey()).isEqualTo(empty.gatingKey()).isNotEqualTo(other.gatingKey());
  }

  private void assertIssues(SubmitOverrideRequest body, String... paths) {
    assertThatThrownBy(() -> rules.check(body, null))
        .isInstanceOfSatisfying(
            OverrideValidationException.class,
            e -> {
              List<String> reported = e.issues().stream().map(Issue::path).toList();
              assertThat(reported).containsExactlyInAnyOrder(paths);
              assertThat(e.code()).isEqualTo("VALIDATION_ERROR");
            });
  }
}
