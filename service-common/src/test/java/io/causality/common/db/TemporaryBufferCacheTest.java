package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TemporaryBufferCacheTest {
  private String before;

  @BeforeEach
  void remember() {
    before = System.getProperty(TemporaryBufferCache.MAX_CACHED);
  }

  @AfterEach
  void restore() {
    if (before == null) {
      System.clearProperty(TemporaryBufferCache.MAX_CACHED);
    } else {
      System.setProperty(TemporaryBufferCache.MAX_CACHED, before);
    }
  }

  @Test
  void boundsTheCacheToOneMebibyteWhenNobodySetIt() {
    System.clearProperty(TemporaryBufferCache.MAX_CACHED);

    TemporaryBufferCache.bound();

    assertThat(System.getProperty(TemporaryBufferCache.MAX_CACHED)).isEqualTo("1048576");
  }

  @Test
  void keepsTheOperatorsValue() {
    System.setProperty(TemporaryBufferCache.MAX_CACHED, "262144");

    TemporaryBufferCache.bound();

    assertThat(System.getProperty(TemporaryBufferCache.MAX_CACHED)).isEqualTo("262144");
  }
}
