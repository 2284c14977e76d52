package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ProcessDefaultsTest {
  private static final List<String> PROPERTIES =
      List.of(TemporaryBufferCache.MAX_CACHED, LiquibaseDefaults.ANALYTICS, "h2.bindAddress");

  private final Map<String, String> before = new HashMap<>();

  @BeforeEach
  void remember() {
    PROPERTIES.forEach(name -> before.put(name, System.getProperty(name)));
  }

  @AfterEach
  void restore() {
    before.forEach(
        (name, value) -> {
          if (value == null) {
            System.clearProperty(name);
          } else {
            System.setProperty(name, value);
          }
        });
  }

  @Test
  void setsEveryDefaultThatNobodySet() {
    PROPERTIES.forEach(System::clearProperty);

    ProcessDefaults.apply();

    assertThat(System.getProperty(TemporaryBufferCache.MAX_CACHED)).isEqualTo("1048576");
    assertThat(System.getProperty(LiquibaseDefaults.ANALYTICS)).isEqualTo("false");
    assertThat(System.getProperty("h2.bindAddress")).isEqualTo("127.0.0.1");
  }
}
