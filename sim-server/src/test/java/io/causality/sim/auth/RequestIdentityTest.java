package io.causality.sim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.core.organization.Caller;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequestIdentityTest {
  @Test
  void apiKeysAreTheirIdAndUsersTheirSubject() {
    UUID keyId = UUID.randomUUID();
    assertThat(RequestIdentity.of(Caller.apiKey(keyId, UUID.randomUUID(), Set.of())).value())
        .isEqualTo("key:" + keyId);
    assertThat(RequestIdentity.of(Caller.user("alice", Map.of())).value()).isEqualTo("user:alice");
    assertThat(RequestIdentity.ofAddress("10.0.0.7").value()).isEqualTo("ip:10.0.0.7");
  }

  @Test
  void subjectsUnfitForALogLineOrAKeyAreHashedNotTruncated() {
    String forged = RequestIdentity.of(Caller.user("eve\nuser:alice", Map.of())).value();
    String longOne = RequestIdentity.of(Caller.user("a".repeat(500), Map.of())).value();
    String longOther = RequestIdentity.of(Caller.user("a".repeat(499) + "b", Map.of())).value();
    assertThat(forged).startsWith("user-sha256:").doesNotContain("\n").doesNotContain("alice");
    assertThat(longOne).hasSize("user-sha256:".length() + 64);
    assertThat(longOne).isNotEqualTo(longOther);
  }
}
