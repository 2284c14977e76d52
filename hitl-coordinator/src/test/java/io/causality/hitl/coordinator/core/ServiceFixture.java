package io.causality.hitl.coordinator.core;

import io.causality.common.testing.TestClock;
import io.causality.hitl.coordinator.crypto.AuthoritySigners;
import io.causality.hitl.coordinator.crypto.KeyRing;
import io.causality.hitl.coordinator.crypto.SigningKeys;
import io.causality.hitl.coordinator.crypto.TestKeyPairs;
import io.causality.hitl.coordinator.db.TestDatabase;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * An {@link OverrideService} on a migrated file H2 in a temporary directory, with two authorities
 * (k-alice of alice, k-bob of bob), a standing clock and short lifetimes.
 */
final class ServiceFixture implements AutoCloseable {

  static final Instant START = Instant.parse("2026-01-31T12:00:00Z");
  static final long PENDING_TTL_MS = 60_000;
  static final long DEFAULT_TOKEN_TTL_MS = 120_000;
  static final long MAX_TOKEN_TTL_MS = 300_000;
  static final long POLICY_VERSION = 4;

  final TestClock clock = TestClock.stoppedAt(START);
  final TestDatabase db;
  final DeploymentPolicy policy;
  final KeyRing keys;
  final OverrideService service;

  private ServiceFixture(Path dir, AdaptiveEscalationPolicy adaptive) throws Exception {
    this(dir, adaptive, 1);
  }

  private ServiceFixture(Path dir, AdaptiveEscalationPolicy adaptive, int requiredApprovals)
      throws Exception {
    this.db = TestDatabase.migrated(dir);
    this.policy = policy(adaptive, requiredApprovals);
    AuthoritySigners signers =
        new AuthoritySigners(
            List.of(
                TestKeyPairs.signer("k-alice", "alice", TestKeyPairs.ALICE),
                TestKeyPairs.signer("k-bob", "bob", TestKeyPairs.BOB)));
    this.keys = new KeyRing(new SigningKeys(policy, signers, TestKeyPairs.coordinator()));
    this.service =
        new OverrideService(
            db.jdbi(),
            db.dataSource(),
            clock,
            keys,
            new OverrideSettings(PENDING_TTL_MS, DEFAULT_TOKEN_TTL_MS));
  }

  /** Adaptive gating off. */
  static ServiceFixture plain(Path dir) throws Exception {
    return new ServiceFixture(dir, AdaptiveEscalationPolicy.DISABLED);
  }

  static ServiceFixture adaptive(Path dir, AdaptiveEscalationPolicy adaptive) throws Exception {
    return new ServiceFixture(dir, adaptive);
  }

  /**
   * Adaptive gating off, with the audit chain's head checkpointed every {@code everyEvents} events
   * by the coordinator's key.
   */
  static ServiceFixture checkpointed(Path dir, int everyEvents) throws Exception {
    ServiceFixture fixture = new ServiceFixture(dir, AdaptiveEscalationPolicy.DISABLED);
    AuditTrail.signCheckpoints(fixture.db.jdbi(), fixture.keys, everyEvents);
    return fixture;
  }

  /** Adaptive gating off, a quorum of {@code requiredApprovals} operators. */
  static ServiceFixture quorum(Path dir, int requiredApprovals) throws Exception {
    return new ServiceFixture(dir, AdaptiveEscalationPolicy.DISABLED, requiredApprovals);
  }

  @Override
  public void close() {
    db.close();
  }

  private static DeploymentPolicy policy(AdaptiveEscalationPolicy adaptive, int requiredApprovals) {
    return new DeploymentPolicy(
        POLICY_VERSION,
        List.of(
            new PolicyAuthority("k-alice", "alice", PemKeys.toPem(TestKeyPairs.ALICE.getPublic())),
            new PolicyAuthority("k-bob", "bob", PemKeys.toPem(TestKeyPairs.BOB.getPublic()))),
        new HitlPolicy(MAX_TOKEN_TTL_MS, adaptive, requiredApprovals),
        new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"),
        TestKeyPairs.coordinatorKey());
  }
}
