package io.causality.hitl.coordinator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BindAddressTest {
  @Test
  void parsesHostAndPort() {
    assertThat(BindAddress.parse("127.0.0.1:8090")).isEqualTo(new BindAddress("127.0.0.1", 8090));
    assertThat(BindAddress.parse("[::1]:9000")).isEqualTo(new BindAddress("::1", 9000));
    assertThat(BindAddress.parse("localhost:0")).isEqualTo(new BindAddress("localhost", 0));
  }

  @Test
  void rejectsMalformedValues() {
    assertThatThrownBy(() -> BindAddress.parse("8090")).hasMessageContaining("host:port");
    assertThatThrownBy(() -> BindAddress.parse("host:")).hasMessageContaining("host:port");
    assertThatThrownBy(() -> BindAddress.parse("host:70000")).hasMessageContaining("65535");
    assertThatThrownBy(() -> BindAddress.parse(null)).hasMessageContaining("host:port");
  }

  @Test
  void knowsLoopbackAddresses() {
    assertThat(BindAddress.parse("127.0.0.1:1").isLoopback()).isTrue();
    assertThat(BindAddress.parse("127.8.9.10:1").isLoopback()).isTrue();
    assertThat(BindAddress.parse("[::1]:1").isLoopback()).isTrue();
    assertThat(BindAddress.parse("localhost:1").isLoopback()).isTrue();
    assertThat(BindAddress.parse("0.0.0.0:1").isLoopback()).isFalse();
    assertThat(BindAddress.parse("10.1.2.3:1").isLoopback()).isFalse();
  }
}
