package io.causality.hitl.coordinator.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.wire.AuditEventType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's event hash against hashes computed outside Java from the documented content
 * (hitl-protocol's fixture wire/audit-event-page.json): what a client recomputes is what is stored.
 */
class AuditChainTest {
  private static final String REQUEST = "0b6e8a4e-3f0c-4d7e-9a51-2f4f6c1d9e21";
  private static final String FIRST =
      "de68f5bce645984df026091bef4f678f02b680ccdd16dd5fa63bffbabef7e897";

  @Test
  void theFirstEventHashesAfterTheGenesisHash() {
    AuditEventRow submitted =
        new AuditEventRow(
            "5b3c8f3e-6a8e-4c1e-9d2b-0f1e2d3c4b5a",
            REQUEST,
            AuditEventType.SUBMITTED,
            "evaluation-runtime",
            Instant.parse("2026-01-31T12:00:00.125Z"),
            null);

    assertThat(AuditChain.hash(submitted, 1, AuditChain.GENESIS_HASH)).isEqualTo(FIRST);
  }

  @Test
  void aLaterEventHashesWithItsNoteAndThePreviousHash() {
    AuditEventRow denied =
        new AuditEventRow(
            "9d7a1c2b-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
            REQUEST,
            AuditEventType.DENIED,
            "operator-1",
            // sub-millisecond digits are not stored, so they are not hashed either
            Instant.parse("2026-01-31T12:04:10.000400Z"),
            "trend is recovering");

    assertThat(AuditChain.hash(denied, 2, FIRST))
        .isEqualTo("9d938c4614be81d7d80fa7e03117a01fd5fc4bf997d947d39ca309d862a33e71");
  }
}
