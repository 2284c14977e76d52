package io.causality.hitl.coordinator.db;

import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.time.Instant;
import java.util.UUID;

/** Row builders for the DAO tests. */
final class Rows {

  static final Instant T0 = Instant.parse("2026-01-31T12:00:00.123Z");

  private Rows() {}

  static OverrideRequestRow pending(
      String actorId, String intentId, String fingerprint, Instant submittedAt) {
    return new OverrideRequestRow(
        UUID.randomUUID().toString(),
        OverrideRequestStatus.PENDING,
        "{\"actorId\":\"" + actorId + "\"}",
        "{\"decision\":\"REJECT_STATE\"}",
        "a".repeat(64),
        null,
        "lic-1",
        actorId,
        intentId,
        fingerprint,
        "test",
        submittedAt,
        submittedAt.plusSeconds(600),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        0);
  }

  static AuditEventRow event(String requestId, AuditEventType type, Instant at) {
    return new AuditEventRow(UUID.randomUUID().toString(), requestId, type, "tester", at, null);
  }

  static IssuedTokenRow token(String requestId, Instant issuedAt) {
    return new IssuedTokenRow(
        UUID.randomUUID().toString(),
        requestId,
        "key-1",
        "{\"tokenId\":\"x\"}",
        "c2ln",
        issuedAt,
        issuedAt.plusSeconds(300),
        null);
  }
}
