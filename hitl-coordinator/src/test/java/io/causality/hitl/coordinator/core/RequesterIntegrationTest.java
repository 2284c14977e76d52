package io.causality.hitl.coordinator.core;

import static io.causality.hitl.coordinator.core.Submissions.valid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.wire.ApproveOverrideRequest;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import io.causality.hitl.protocol.wire.Requester;
import io.causality.hitl.protocol.wire.Requester.RequesterKind;
import io.causality.hitl.protocol.wire.SubmitOverrideRequest;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The requester's identity end to end in the core (issue 26, item 3): kept only from a configured
 * submitter, shown in the record, compared by four eyes with the operator's requester identities
 * (not with the free-text actor), and part of the adaptive gates' key with the actor, whose
 * spelling is checked.
 */
class RequesterIntegrationTest {
  private static final Requester ALICE_AT_ACME =
      new Requester("org-acme", RequesterKind.API_KEY, "key-a");
  private static final Requester MALLORY_AT_ACME =
      new Requester("org-acme", RequesterKind.USER, "mallory");
  private static final Requester SOMEONE_AT_GLOBEX =
      new Requester("org-globex", RequesterKind.API_KEY, "key-g");
  private static final Optional<String> RUNTIME = Optional.of("evaluation-runtime");

  @TempDir Path dir;

  private ServiceFixture fixture;

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void theRequesterIsKeptFromAConfiguredSubmitterAndDroppedFromTheOpenCaller() throws Exception {
    OverrideService service = plain();

    String vouched = submit(service, valid("actor-1", "i"), ALICE_AT_ACME, RUNTIME);
    String open = submit(service, valid("actor-2", "i"), ALICE_AT_ACME, Optional.empty());

    assertThat(service.get(vouched).requester()).isEqualTo(ALICE_AT_ACME);
    assertThat(service.get(vouched).submittedBy()).isEqualTo("evaluation-runtime");
    assertThat(service.get(open).requester()).isNull();
  }

  @Test
  void fourEyesComparesTheOperatorWithTheRequesterNotWithTheActor() throws Exception {
    OverrideService service = plain();
    // The requester names an operator as the actor: that no longer keeps the operator out...
    String framed = submit(service, valid("bob", "i"), MALLORY_AT_ACME, RUNTIME);
    // ...and an operator who is the requester at sim-server cannot approve their own request.
    String own = submit(service, valid("actor-7", "i"), MALLORY_AT_ACME, RUNTIME);
    Decider bob = Decider.operator("bob-laptop", "bob");
    Decider alice =
        new Decider("alice-laptop", "alice", Set.of(MALLORY_AT_ACME), OrganizationScope.ALL);

    assertThat(service.approve(framed, approve("k-bob"), bob).issued()).isPresent();
    assertThatThrownBy(() -> service.approve(own, approve("k-alice"), alice))
        .isInstanceOf(SelfApprovalException.class)
        .hasMessageContaining("requester")
        .hasMessageContaining("mallory");
    assertThat(service.get(own).status()).isEqualTo(OverrideRequestStatus.PENDING);
    assertThat(service.approve(own, approve("k-bob"), bob).issued()).isPresent();
  }

  @Test
  void theCallerThatSubmittedStillCannotApprove() throws Exception {
    OverrideService service = plain();
    String id = submit(service, valid("actor-1", "i"), ALICE_AT_ACME, Optional.of("bob-laptop"));

    assertThatThrownBy(
            () -> service.approve(id, approve("k-bob"), Decider.operator("bob-laptop", "bob")))
        .isInstanceOf(SelfApprovalException.class);
  }

  @Test
  void theGatesKeyOnTheRequestersOrganizationAndTheActor() throws Exception {
    fixture = ServiceFixture.adaptive(dir, new AdaptiveEscalationPolicy(true, 60_000, true));
    OverrideService service = fixture.service;
    String denied = submit(service, valid("simulation:s1", "i"), ALICE_AT_ACME, RUNTIME);
    service.deny(denied, new DenyOverrideRequest("k-bob", "no"), Deciders.BOB);

    // another requester of the same organization is held back by the cooldown...
    assertThatThrownBy(() -> submit(service, valid("simulation:s1", "i"), MALLORY_AT_ACME, RUNTIME))
        .isInstanceOf(DenyCooldownException.class);
    // ...another organization's actor of the same name is not
    String other = submit(service, valid("simulation:s1", "i"), SOMEONE_AT_GLOBEX, RUNTIME);
    assertThat(service.get(other).status()).isEqualTo(OverrideRequestStatus.PENDING);
    // and a duplicate of it is deduplicated within that organization only
    assertThatThrownBy(
            () -> submit(service, valid("simulation:s1", "i"), SOMEONE_AT_GLOBEX, RUNTIME))
        .isInstanceOf(DeduplicatedException.class);
  }

  @Test
  void anActorSpelledAnotherWayIsABadFieldNotAnotherActor() throws Exception {
    fixture = ServiceFixture.adaptive(dir, new AdaptiveEscalationPolicy(true, 60_000, true));
    OverrideService service = fixture.service;
    String denied = submit(service, valid("simulation:s1", "i"), ALICE_AT_ACME, RUNTIME);
    service.deny(denied, new DenyOverrideRequest("k-bob", "no"), Deciders.BOB);

    for (String variant : new String[] {"simulation:s1 ", " simulation:s1", "simulation:s1#2"}) {
      assertThatThrownBy(() -> submit(service, valid(variant, "i"), ALICE_AT_ACME, RUNTIME))
          .as(variant)
          .isInstanceOfSatisfying(
              OverrideValidationException.class,
              e ->
                  assertThat(e.issues())
                      .extracting(Issue::path)
                      .containsExactly("evaluationRequest.actorId"));
    }
    assertThatThrownBy(() -> submit(service, valid("simulation:s1", "i"), ALICE_AT_ACME, RUNTIME))
        .isInstanceOf(DenyCooldownException.class);
  }

  private OverrideService plain() throws Exception {
    fixture = ServiceFixture.plain(dir);
    return fixture.service;
  }

  private static String submit(
      OverrideService service,
      SubmitOverrideRequest body,
      Requester requester,
      Optional<String> caller) {
    return service.submit(body.withRequester(requester), caller).coordinatorRequestId();
  }

  private static ApproveOverrideRequest approve(String keyId) {
    return new ApproveOverrideRequest(keyId, null, null);
  }
}
