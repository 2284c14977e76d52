package io.causality.hitl.protocol.policy;

import static io.causality.hitl.protocol.TestKeys.fixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.TestKeys;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.wire.ProtocolJson;
import io.dropwizard.validation.BaseValidator;
import jakarta.validation.Validator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyFilesTest {

  private static final Validator VALIDATOR = BaseValidator.newValidator();
  private final ObjectMapper mapper = ProtocolJson.newMapper();

  @Test
  void parsesTheFixture() {
    SignedPolicy file = parse(fixture("policy/policy-unsigned.json"));
    DeploymentPolicy policy = file.policy();

    assertThat(policy.policyVersion()).isEqualTo(3);
    assertThat(policy.authority("ops-key-1"))
        .get()
        .extracting(PolicyAuthority::operatorId)
        .isEqualTo("alice");
    assertThat(policy.authority("ops-key-1").orElseThrow().publicKey().getModulus().bitLength())
        .isEqualTo(2048);
    assertThat(policy.hitlSection())
        .contains(new HitlPolicy(600_000, new AdaptiveEscalationPolicy(true, 300_000, true)));
    assertThat(policy.gateSection())
        .contains(new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"));
    assertThat(file.signatureSection()).isEmpty();
  }

  @Test
  void optionalSectionsAndDefaults() {
    SignedPolicy file =
        parse(
            """
                {"policy":{"policyVersion":1,"hitl":{"maxTokenTtlMs":1000},
                           "gate":{"gammaFloor":0.5}}}""");

    assertThat(file.policy().authorities()).isEmpty();
    assertThat(file.policy().hitl().adaptiveEscalation())
        .isEqualTo(AdaptiveEscalationPolicy.DISABLED);
    assertThat(file.policy().hitl().requiredApprovals()).isEqualTo(1);
    assertThat(file.policy().gate())
        .isEqualTo(new GatePolicy("state_gate", "gamma", 0.5, "gammaTrend"));
    assertThat(parse("{\"policy\":{\"policyVersion\":1}}").policy().hitlSection()).isEmpty();
  }

  @Test
  void aQuorumOfApprovalsIsAPositiveInteger() {
    String quorum =
        "{\"policy\":{\"policyVersion\":1,\"hitl\":{\"maxTokenTtlMs\":1000,"
            + "\"requiredApprovals\":%s}}}";

    assertThat(parse(quorum.formatted("2")).policy().hitl().requiredApprovals()).isEqualTo(2);
    assertThatThrownBy(() -> parse(quorum.formatted("0")))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessageContaining("policy.hitl.requiredApprovals: must be a positive integer");
  }

  @Test
  void theCoordinatorKeyIsAnRsaPublicKeyWithAnId() {
    String pem = PemKeys.toPem(TestKeys.BOB.getPublic()).replace("\n", "\\n");
    String policy =
        "{\"policy\":{\"policyVersion\":1,\"coordinatorKey\":{\"keyId\":\"coordinator\","
            + "\"publicKeyPem\":\"%s\"}}}";

    CoordinatorKey key =
        parse(policy.formatted(pem)).policy().coordinatorKeySection().orElseThrow();
    assertThat(key.keyId()).isEqualTo("coordinator");
    assertThat(key.publicKey()).isEqualTo(TestKeys.BOB.getPublic());
    assertThat(parse("{\"policy\":{\"policyVersion\":1}}").policy().coordinatorKeySection())
        .isEmpty();
    assertThatThrownBy(() -> parse(policy.formatted("not a key")))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessageContaining("policy.coordinatorKey.publicKeyPem");
    assertThatThrownBy(
            () ->
                parse(
                    "{\"policy\":{\"policyVersion\":1,\"coordinatorKey\":"
                        + "{\"publicKeyPem\":\"x\"}}}"))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessageContaining("policy.coordinatorKey.keyId");
  }

  @ParameterizedTest
  @CsvFileSource(
      resources = "/fixtures/policy/invalid-policies.psv",
      delimiter = '|',
      quoteCharacter = '\u0000')
  void eachProblemIsOneClearLine(String json, String message) {
    assertThatThrownBy(() -> parse(json))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessageStartingWith(message)
        .hasMessageNotContaining("\n");
  }

  @Test
  void everyProblemIsListedOnTheOneLine() {
    String text =
        """
            {"policy":{"policyVersion":0,"hitl":{"maxTokenTtlMs":5,
                       "adaptiveEscalation":{"cooldownAfterDenyMs":-1}},
                       "gate":{"mode":"action_gate"}},
             "signature":{"alg":"RS256"}}""";

    assertThatThrownBy(() -> parse(text))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessage(
            "policy.gate.gammaFloor: required number is missing; "
                + "policy.gate.mode: unsupported mode action_gate (only state_gate); "
                + "policy.hitl.adaptiveEscalation.cooldownAfterDenyMs: must not be negative; "
                + "policy.policyVersion: must be a positive integer; "
                + "signature.alg: unsupported algorithm RS256 (only PS256); "
                + "signature.value: required text is missing");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '\u0000',
      value = {
        "{\"policy\":{\"policyVersion\":1.5}}|policy.policyVersion: must be an integer",
        "{\"policy\":{\"policyVersion\":99999999999999999999}}|policy.policyVersion: must be an integer",
        "{\"policy\":[]}|policy: must be an object",
        "{\"policy\":{\"policyVersion\":1,\"authorities\":[5]}}|policy.authorities[0]: must be an object",
        "{\"policy\":{\"policyVersion\":1,\"authorities\":[{\"keyId\":7}]}}|policy.authorities[0].keyId: must be non-blank text",
        "{\"policy\":{\"policyVersion\":1,\"authorities\":[{\"keyId\":\" \"}]}}|policy.authorities[0].keyId: must be non-blank text",
        "{\"policy\":{\"policyVersion\":1,\"gate\":{\"gammaFloor\":1e999}}}|policy.gate.gammaFloor: must be a number",
        "{\"policy\":{\"policyVersion\":1,\"hitl\":{\"maxTokenTtlMs\":5,\"adaptiveEscalation\":{\"enabled\":1}}}}|policy.hitl.adaptiveEscalation.enabled: must be true or false"
      })
  void eachJsonTypeIsTakenForItself(String json, String message) {
    assertThatThrownBy(() -> parse(json))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void duplicateAuthorityKeyIdsAreRefused() {
    String pem = PemKeys.toPem(TestKeys.ALICE.getPublic());
    DeploymentPolicy policy =
        new DeploymentPolicy(
            1,
            List.of(new PolicyAuthority("k", "a", pem), new PolicyAuthority("k", "b", pem)),
            null,
            null);
    String text = unsigned(policy);

    assertThatThrownBy(() -> parse(text))
        .hasMessage("policy.authorities[1].keyId: duplicate keyId k");
  }

  @Test
  void invalidJsonNamesTheLine() {
    assertThatThrownBy(() -> parse("{\n\"policy\": {,\n}"))
        .isInstanceOf(PolicyFormatException.class)
        .hasMessageStartingWith("not valid JSON at line 2");
  }

  @Test
  void signedPolicyVerifiesAndSurvivesWriteAndParse() {
    SignedPolicy signed =
        PolicyFiles.sign(TestKeys.samplePolicy(), TestKeys.BOB.getPrivate(), "p-1");

    SignedPolicy reread = parse(PolicyFiles.write(signed));

    assertThat(reread.policy()).isEqualTo(TestKeys.samplePolicy());
    assertThat(reread.signature().keyId()).isEqualTo("p-1");
    assertThat(PolicyFiles.verify(reread, TestKeys.BOB.getPublic())).isTrue();
    assertThat(PolicyFiles.verify(reread, TestKeys.ALICE.getPublic())).isFalse();
  }

  @Test
  void anyEditBreaksTheSignatureEvenOfUnknownMembers() throws Exception {
    SignedPolicy fixture = parse(fixture("policy/policy-unsigned.json"));
    String signed = PolicyFiles.write(PolicyFiles.resign(fixture, TestKeys.BOB.getPrivate(), null));
    ObjectNode root = (ObjectNode) mapper.readTree(signed);
    ((ObjectNode) root.get("policy")).put("notes", "edited");

    assertThat(PolicyFiles.verify(parse(signed), TestKeys.BOB.getPublic())).isTrue();
    assertThat(PolicyFiles.verify(parse(root.toString()), TestKeys.BOB.getPublic())).isFalse();
  }

  @Test
  void reformattingDoesNotBreakTheSignature() throws Exception {
    String signed =
        PolicyFiles.write(
            PolicyFiles.sign(TestKeys.samplePolicy(), TestKeys.BOB.getPrivate(), null));
    String compact = mapper.readTree(signed).toString();

    assertThat(PolicyFiles.verify(parse(compact), TestKeys.BOB.getPublic())).isTrue();
  }

  @Test
  void unsignedPolicyDoesNotVerify() {
    SignedPolicy file = parse(fixture("policy/policy-unsigned.json"));

    assertThat(PolicyFiles.verify(file, TestKeys.BOB.getPublic())).isFalse();
  }

  static SignedPolicy parse(String text) {
    return PolicyFiles.parse(text, VALIDATOR);
  }

  private String unsigned(DeploymentPolicy policy) {
    ObjectNode root = mapper.createObjectNode();
    root.set("policy", mapper.valueToTree(policy));
    return root.toString();
  }
}
