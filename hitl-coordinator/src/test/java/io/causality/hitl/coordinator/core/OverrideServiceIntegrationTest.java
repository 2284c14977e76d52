package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.ServiceFixture.DEFAULT_TOKEN_TTL_MS;
import static io.causality.hitl.coordinator.core.ServiceFixture.MAX_TOKEN_TTL_MS;
import static io.causality.hitl.coordinator.core.ServiceFixture.PENDING_TTL_MS;
import static io.causality.hitl.coordinator.core.ServiceFixture.POLICY_VERSION;
import static io.causality.hitl.coordinator.core.ServiceFixture.START;
import static io.causality.hitl.coordinator.core.Submissions.valid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.AuditEvent;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import io.causality.hitl.protocol.wire.OverrideRequestRecord;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.OverrideTokenEnvelope;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import io.causality.hitl.protocol.wire.OverrideTokens;
import io.causality.hitl.protocol.wire.RedeemRequest;
import io.causality.hitl.protocol.wire.RequestHashes;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Submit, list, get, approve and deny, with lazy expiry, on a real database. */
class OverrideServiceIntegrationTest {

  @TempDir Path dir;

  private ServiceFixture fixture;
  private OverrideService service;

  @BeforeEach
  void open() throws Exception {
    fixture = ServiceFixture.plain(dir);
    service = fixture.service;
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void submitStoresTheFullRecordAndASubmittedEvent() {
    ObjectNode request = Submissions.request("actor-7", "intent-1");
    request.putObject("action").put("type", "reroute");
    SubmitOverrideRequest body =
        new SubmitOverrideRequest(
            request,
            Submissions.response(),
            "lic-1",
            null,
            Submissions.parseObject("{\"gammaFloor\":0.35}"),
            Submissions.parseObject("{\"riskLevel\":\"CRITICAL\"}"),
            "sim-server");

    String id = service.submit(body).coordinatorRequestId();
    OverrideRequestRecord record = service.get(id);

    assertThat(record.status()).isEqualTo(OverrideRequestStatus.PENDING);
    assertThat(record.evaluationRequest()).isEqualTo(request);
    assertThat(record.evaluationResponse()).isEqualTo(Submissions.response());
    assertThat(record.requestHash()).isEqualTo(RequestHashes.requestHash(request));
    assertThat(record.actionHash()).isEqualTo(RequestHashes.actionHash(request).orElseThrow());
    assertThat(record.actorId()).isEqualTo("actor-7");
    assertThat(record.intentId()).isEqualTo("intent-1");
    assertThat(record.failureFingerprint()).hasSize(64);
    assertThat(record.source()).isEqualTo("sim-server");
    assertThat(record.sentinelFeed().path("gammaFloor").asDouble()).isEqualTo(0.35);
    assertThat(record.sentinelSummary().path("riskLevel").asText()).isEqualTo("CRITICAL");
    assertThat(record.submittedAt()).isEqualTo(START);
    assertThat(record.requestExpiresAt()).isEqualTo(START.plusMillis(PENDING_TTL_MS));
    assertThat(record.audit())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.eventType()).isEqualTo(AuditEventType.SUBMITTED);
              assertThat(e.actorId()).isEqualTo("sim-server");
            });
  }

  @Test
  void anInvalidSubmissionWritesNothing() {
    assertThatThrownBy(
            () ->
                service.submit(
                    Submissions.with(
                        Submissions.request("a", null),
                        Submissions.response().put("decision", "PASS"),
                        "lic-1")))
        .isInstanceOf(OverrideValidationException.class);

    assertThat(service.list(OverrideRequestQuery.first(Optional.empty())).data()).isEmpty();
  }

  @Test
  void listIsNewestFirstFiltersByStatusAndLeavesOutTheAuditTrail() {
    String first = submit("a");
    fixture.clock.advance(Duration.ofSeconds(1));
    String second = submit("b");
    Deciders.deny(service, first, new DenyOverrideRequest("k-bob", null));

    assertThat(service.list(OverrideRequestQuery.first(Optional.empty())).data())
        .extracting(OverrideRequestRecord::coordinatorRequestId)
        .containsExactly(second, first);
    assertThat(
            service
                .list(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.DENIED)))
                .data())
        .extracting(OverrideRequestRecord::coordinatorRequestId)
        .containsExactly(first);
    assertThat(service.list(OverrideRequestQuery.first(Optional.empty())).data())
        .allMatch(r -> r.audit() == null);
  }

  @Test
  void unknownIdsAreNotFound() {
    assertThatThrownBy(() -> service.get("nope"))
        .isInstanceOf(OverrideRequestNotFoundException.class);
    assertThatThrownBy(() -> Deciders.approve(service, "nope", approve("k-alice", null)))
        .isInstanceOf(OverrideRequestNotFoundException.class);
    assertThatThrownBy(
            () -> Deciders.deny(service, "nope", new DenyOverrideRequest("k-alice", null)))
        .isInstanceOf(OverrideRequestNotFoundException.class);
    assertThat(service.find("nope")).isEmpty();
  }

  @Test
  void approvalIssuesATokenThatTheJdkVerifiesWithThePolicysPublicKey() throws Exception {
    String id = submit("actor-7");
    OverrideRequestRecord pending = service.get(id);

    OverrideTokenEnvelope token = Deciders.approve(service, id, approve("k-alice", "go ahead"));

    PublicKey policyKey = fixture.policy.authority("k-alice").orElseThrow().publicKey();
    assertThat(jdkVerifies(token, policyKey)).isTrue();
    OverrideTokenPayload payload = OverrideTokens.parsePayload(token.payload()).orElseThrow();
    assertThat(payload.tokenId()).isEqualTo(token.tokenId());
    assertThat(payload.coordinatorRequestId()).isEqualTo(id);
    assertThat(payload.requestHash()).isEqualTo(pending.requestHash());
    assertThat(payload.policyVersion()).isEqualTo(POLICY_VERSION);
    assertThat(payload.licenseId()).isEqualTo("lic-1");
    assertThat(payload.actorId()).isEqualTo("actor-7");
    assertThat(payload.operatorId()).isEqualTo("alice");
    assertThat(payload.keyId()).isEqualTo("k-alice").isEqualTo(token.keyId());
    assertThat(payload.issuedAt()).isEqualTo(START);
    assertThat(payload.expiresAt()).isEqualTo(START.plusMillis(DEFAULT_TOKEN_TTL_MS));
  }

  @Test
  void approvalMovesTheRequestAndRecordsTheOperator() {
    String id = submit("actor-7");

    OverrideTokenEnvelope token = Deciders.approve(service, id, approve("k-bob", "checked"));
    OverrideRequestRecord record = service.get(id);

    assertThat(record.status()).isEqualTo(OverrideRequestStatus.APPROVED);
    assertThat(record.tokenId()).isEqualTo(token.tokenId());
    assertThat(record.decidedBy()).isEqualTo("bob");
    assertThat(record.decidedAt()).isEqualTo(START);
    assertThat(record.operatorNote()).isEqualTo("checked");
    assertThat(record.audit())
        .extracting(AuditEvent::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.APPROVED);
    assertThat(record.audit().get(1).actorId()).isEqualTo("bob");
    assertThat(record.audit().get(1).note()).isEqualTo("checked");
  }

  @Test
  void tokenLifetimeIsTheRequestedOneCappedByThePolicy() {
    OverrideTokenEnvelope shortLived =
        Deciders.approve(service, submit("a"), new ApproveOverrideRequest("k-alice", null, 5_000L));
    OverrideTokenEnvelope capped =
        Deciders.approve(
            service,
            submit("b"),
            new ApproveOverrideRequest("k-alice", null, MAX_TOKEN_TTL_MS * 10));

    assertThat(expiresAt(shortLived)).isEqualTo(START.plusMillis(5_000));
    assertThat(expiresAt(capped)).isEqualTo(START.plusMillis(MAX_TOKEN_TTL_MS));
  }

  @Test
  void decisionsNeedAConfiguredKey() {
    String id = submit("a");

    assertValidation(() -> Deciders.approve(service, id, approve("k-carol", null)), "keyId");
    assertValidation(
        () -> service.approve(id, approve(null, null), Decider.operator("c", "carol")), "keyId");
    assertValidation(() -> Deciders.approve(service, id, null), "(body)");
    assertValidation(
        () -> Deciders.deny(service, id, new DenyOverrideRequest("k-carol", null)), "keyId");
    assertThat(service.get(id).status()).isEqualTo(OverrideRequestStatus.PENDING);
  }

  @Test
  void denialAnswersTheUpdatedRecord() {
    String id = submit("a");

    OverrideRequestRecord denied =
        Deciders.deny(service, id, new DenyOverrideRequest("k-alice", "too risky"));

    assertThat(denied.status()).isEqualTo(OverrideRequestStatus.DENIED);
    assertThat(denied.decidedBy()).isEqualTo("alice");
    assertThat(denied.operatorNote()).isEqualTo("too risky");
    assertThat(denied.tokenId()).isNull();
    assertThat(denied.audit())
        .extracting(AuditEvent::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.DENIED);
  }

  @Test
  void onlyPendingRequestsCanBeApprovedOrDenied() {
    String approved = submit("a");
    OverrideTokenEnvelope token = Deciders.approve(service, approved, approve("k-alice", null));
    String denied = submit("b");
    Deciders.deny(service, denied, new DenyOverrideRequest("k-alice", null));
    String redeemed = submit("c");
    redeem(Deciders.approve(service, redeemed, approve("k-alice", null)), redeemed);

    for (String id : new String[] {approved, denied, redeemed}) {
      OverrideRequestStatus current = service.get(id).status();
      assertTransition(
          () -> Deciders.approve(service, id, approve("k-alice", null)),
          current,
          OverrideRequestStatus.APPROVED);
      assertTransition(
          () -> Deciders.deny(service, id, new DenyOverrideRequest("k-alice", null)),
          current,
          OverrideRequestStatus.DENIED);
    }
    assertThat(service.get(approved).tokenId()).isEqualTo(token.tokenId());
  }

  @Test
  void pendingRequestsExpireLazilyOnListWithOneEvent() {
    String id = submit("a");
    fixture.clock.advance(Duration.ofMillis(PENDING_TTL_MS - 1));

    assertThat(
            service
                .list(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.PENDING)))
                .data())
        .hasSize(1);

    fixture.clock.advance(Duration.ofMillis(1));

    assertThat(
            service
                .list(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.PENDING)))
                .data())
        .isEmpty();
    assertThat(
            service
                .list(OverrideRequestQuery.first(Optional.of(OverrideRequestStatus.EXPIRED)))
                .data())
        .hasSize(1);
    assertThat(service.get(id).audit())
        .extracting(AuditEvent::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.EXPIRED);
    assertThat(service.get(id).audit().get(1).actorId()).isEqualTo("coordinator");
  }

  @Test
  void anExpiredRequestCannotBeApprovedOrDenied() {
    String first = submit("a");
    String second = submit("b");
    fixture.clock.advance(Duration.ofMillis(PENDING_TTL_MS));

    assertTransition(
        () -> Deciders.approve(service, first, approve("k-alice", null)),
        OverrideRequestStatus.EXPIRED,
        OverrideRequestStatus.APPROVED);
    assertTransition(
        () -> Deciders.deny(service, second, new DenyOverrideRequest("k-alice", null)),
        OverrideRequestStatus.EXPIRED,
        OverrideRequestStatus.DENIED);
    assertThat(service.get(first).status()).isEqualTo(OverrideRequestStatus.EXPIRED);
    assertThat(service.get(second).audit())
        .extracting(AuditEvent::eventType)
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.EXPIRED);
  }

  @Test
  void getExpiresADueRequest() {
    String id = submit("a");
    fixture.clock.advance(Duration.ofMillis(PENDING_TTL_MS + 5));

    OverrideRequestRecord record = service.get(id);

    assertThat(record.status()).isEqualTo(OverrideRequestStatus.EXPIRED);
    assertThat(record.audit()).hasSize(2);
  }

  private String submit(String actorId) {
    return service.submit(valid(actorId, null)).coordinatorRequestId();
  }

  private void redeem(OverrideTokenEnvelope token, String id) {
    OverrideRequestRecord record = service.get(id);
    service.redeem(
        new RedeemRequest(
            token.tokenId(),
            record.requestHash(),
            POLICY_VERSION,
            record.licenseId(),
            record.actorId()));
  }

  private static ApproveOverrideRequest approve(String keyId, String note) {
    return new ApproveOverrideRequest(keyId, note, null);
  }

  private static Instant expiresAt(OverrideTokenEnvelope token) {
    return OverrideTokens.parsePayload(token.payload()).orElseThrow().expiresAt();
  }

  /** Verification with the JDK alone, independent of the protocol library. */
  private static boolean jdkVerifies(OverrideTokenEnvelope token, PublicKey key) throws Exception {
    Signature verifier = Signature.getInstance("RSASSA-PSS");
    verifier.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
    verifier.initVerify(key);
    verifier.update(token.payload().getBytes(StandardCharsets.UTF_8));
    return verifier.verify(Base64.getUrlDecoder().decode(token.signature()));
  }

  private static void assertValidation(Runnable call, String path) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            OverrideValidationException.class,
            e -> assertThat(e.issues()).extracting(Issue::path).containsExactly(path));
  }

  private static void assertTransition(
      Runnable call, OverrideRequestStatus current, OverrideRequestStatus target) {
    assertThatThrownBy(call::run)
        .isInstanceOfSatisfying(
            InvalidTransitionException.class,
            e -> {
              assertThat(e.current()).isEqualTo(current);
              assertThat(e.target()).isEqualTo(target);
              assertThat(e.code()).isEqualTo("INVALID_TRANSITION");
            });
  }
}
