package io.causality.hitl.coordinator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.protocol.wire.AuditEventType;
import io.causality.hitl.protocol.wire.DenyOverrideRequest;
import io.causality.hitl.protocol.wire.OverrideRequestQuery;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The retention sweep on the service's clock: a denied request is kept until it was last used
 * longer ago than the retention, then purged while its audit events stay readable.
 */
class RequestRetentionIntegrationTest {
  @TempDir Path dir;
  private ServiceFixture fixture;

  @BeforeEach
  void open() throws Exception {
    fixture = ServiceFixture.plain(dir);
  }

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void aDecidedRequestIsPurgedOnceItsRetentionHasPassed() {
    OverrideService service = fixture.service;
    String denied = service.submit(Submissions.valid("actor-1", null)).coordinatorRequestId();
    Deciders.deny(service, denied, new DenyOverrideRequest("k-bob", "no"));
    String pending = service.submit(Submissions.valid("actor-2", null)).coordinatorRequestId();
    RequestRetention retention =
        new RequestRetention(service, fixture.clock, Duration.ofDays(30), Duration.ofHours(1));

    fixture.clock.advance(Duration.ofDays(30));
    assertThat(retention.sweep()).isZero();
    fixture.clock.advance(Duration.ofMinutes(1));
    assertThat(retention.sweep()).isEqualTo(1);

    assertThat(service.find(denied)).isEmpty();
    assertThat(service.list(OverrideRequestQuery.first(Optional.empty())).data())
        .extracting(record -> record.coordinatorRequestId())
        .containsExactly(pending);
    AuditTrail.Query ofDenied =
        new AuditTrail.Query(
            Optional.of(UUID.fromString(denied)),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty());
    assertThat(new AuditTrail(fixture.db.jdbi()).page(ofDenied, 10, 0).data())
        .extracting(event -> event.eventType())
        .containsExactly(AuditEventType.SUBMITTED, AuditEventType.DENIED);
    assertThat(new AuditTrail(fixture.db.jdbi()).verify().isIntact()).isTrue();
  }
}
