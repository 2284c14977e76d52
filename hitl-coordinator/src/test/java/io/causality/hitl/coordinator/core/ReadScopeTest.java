package io.causality.hitl.coordinator.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.hitl.coordinator.db.OverrideRequestRow;
import io.causality.hitl.protocol.wire.OverrideRequestStatus;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReadScopeTest {
  private static final OverrideRequestRow ACME_BY_RUNTIME = row("runtime", "org-acme");
  private static final OverrideRequestRow GLOBEX_BY_OTHER = row("other-submitter", "org-globex");
  private static final OverrideRequestRow OPEN_MODE = row(null, null);

  @Test
  void aSubmitterReadsOnlyWhatItSubmitted() {
    ReadScope runtime = ReadScope.submitter("runtime");

    assertThat(runtime.allows(ACME_BY_RUNTIME)).isTrue();
    assertThat(runtime.allows(GLOBEX_BY_OTHER)).isFalse();
    assertThat(runtime.allows(OPEN_MODE)).isFalse();
    // the comparison is exact, as four eyes makes it
    assertThat(ReadScope.submitter("Runtime").allows(ACME_BY_RUNTIME)).isFalse();
  }

  @Test
  void anOperatorReadsItsOrganizationsWhoeverSubmitted() {
    ReadScope acme = ReadScope.operator(new OrganizationScope(Set.of("org-acme")));

    assertThat(acme.allows(ACME_BY_RUNTIME)).isTrue();
    assertThat(acme.allows(GLOBEX_BY_OTHER)).isFalse();
    assertThat(acme.allows(OPEN_MODE)).isFalse();
    assertThat(ReadScope.ALL.allows(GLOBEX_BY_OTHER)).isTrue();
    assertThat(ReadScope.ALL.allows(OPEN_MODE)).isTrue();
  }

  @Test
  void bothRolesReadEither() {
    ReadScope both =
        new ReadScope(
            Optional.of(new OrganizationScope(Set.of("org-globex"))), Optional.of("runtime"));

    assertThat(both.allows(ACME_BY_RUNTIME)).isTrue();
    assertThat(both.allows(GLOBEX_BY_OTHER)).isTrue();
    assertThat(both.allows(OPEN_MODE)).isFalse();
    assertThat(new ReadScope(Optional.empty(), Optional.empty()).allows(ACME_BY_RUNTIME)).isFalse();
  }

  private static OverrideRequestRow row(String submittedBy, String organization) {
    Instant at = Instant.parse("2026-01-31T12:00:00Z");
    return new OverrideRequestRow(
        "6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d",
        OverrideRequestStatus.PENDING,
        "{}",
        "{}",
        "a".repeat(64),
        null,
        "lic-1",
        "actor-1",
        null,
        null,
        "test",
        at,
        at.plusSeconds(600),
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        submittedBy,
        organization,
        organization == null ? null : "API_KEY",
        organization == null ? null : "key-1",
        0);
  }
}
