package io.causality.hitl.protocol;

import io.causality.hitl.protocol.crypto.KeyPairs;
import io.causality.hitl.protocol.crypto.PemKeys;
import io.causality.hitl.protocol.policy.AdaptiveEscalationPolicy;
import io.causality.hitl.protocol.policy.DeploymentPolicy;
import io.causality.hitl.protocol.policy.GatePolicy;
import io.causality.hitl.protocol.policy.HitlPolicy;
import io.causality.hitl.protocol.policy.PolicyAuthority;
import io.causality.hitl.protocol.wire.OverrideTokenPayload;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;

/** Keys and fixtures shared by the tests; RSA generation is slow, so keys are made once. */
public final class TestKeys {

  public static final KeyPair ALICE = KeyPairs.generate(2048, new SecureRandom());
  public static final KeyPair BOB = KeyPairs.generate(2048, new SecureRandom());

  /** A token payload with every member set, as the wire fixtures show it. */
  public static final OverrideTokenPayload PAYLOAD =
      new OverrideTokenPayload(
          "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21",
          "5d0c2f7e-8a8b-4f4e-b1a6-0d6f0e3c9a11",
          "e40a81f09523908e8b95995ca64e9dc5ccc85284eb47acb0397d136e24a1d3f1",
          "cda6ccd4c56d09e9fe80304c0dfadc846adf6ed17b7ee48ce4ff3304c6062dd2",
          3,
          "lic-acme",
          "actor-7",
          "alice",
          "ops-key-1",
          Instant.parse("2026-01-31T12:05:00.250Z"),
          Instant.parse("2026-01-31T12:15:00Z"));

  private TestKeys() {}

  public static String fixture(String name) {
    try (InputStream in = TestKeys.class.getResourceAsStream("/fixtures/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A deployment policy with one authority (ALICE) and a state gate. */
  public static DeploymentPolicy samplePolicy() {
    return new DeploymentPolicy(
        7,
        List.of(
            new PolicyAuthority("ops-key-1", "alice", PemKeys.toPem(TestKeys.ALICE.getPublic()))),
        new HitlPolicy(600_000, new AdaptiveEscalationPolicy(true, 1000, false)),
        new GatePolicy("state_gate", "gamma", 0.35, "gammaTrend"));
  }
}
