package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class UniqueViolationTest {
  @Test
  void findsTheViolationAmongTheCauses() {
    SQLException duplicate = new SQLException("duplicate key", "23505");

    assertThat(UniqueViolation.in(duplicate)).isTrue();
    assertThat(UniqueViolation.in(new IllegalStateException("wrapped", duplicate))).isTrue();
  }

  @Test
  void anotherFailureIsNone() {
    assertThat(UniqueViolation.in(new SQLException("null value", "23502"))).isFalse();
    assertThat(UniqueViolation.in(new IllegalStateException("no SQL state"))).isFalse();
    assertThat(UniqueViolation.in(null)).isFalse();
  }
}
