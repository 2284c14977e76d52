package io.causality.common.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A write of large values clears the statement's values once it ran, or failed: H2 keeps them with
 * the prepared command in the connection's query cache otherwise (H2 copies a bound byte array, so
 * only the statement's calls show it).
 */
class LargeValuesTest {
  private final List<String> calls = new ArrayList<>();

  @Test
  void anUpdateThenClearsItsValues() throws Exception {
    assertThat(LargeValues.executeUpdate(statement(null))).isEqualTo(1);

    assertThat(calls).containsExactly("executeUpdate", "clearParameters");
  }

  @Test
  void aBatchThenClearsItsValues() throws Exception {
    assertThat(LargeValues.executeBatch(statement(null))).containsExactly(1);

    assertThat(calls).containsExactly("executeBatch", "clearParameters");
  }

  @Test
  void aFailedWriteClearsItsValuesToo() {
    SQLException failure = new SQLException("disk full");

    assertThatThrownBy(() -> LargeValues.executeUpdate(statement(failure))).isSameAs(failure);
    assertThat(calls).containsExactly("executeUpdate", "clearParameters");
  }

  /** A statement that records its calls; its executions fail with {@code failure} if given. */
  private PreparedStatement statement(SQLException failure) {
    return (PreparedStatement)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {PreparedStatement.class},
            (proxy, method, args) -> {
              calls.add(method.getName());
              if (failure != null && method.getName().startsWith("execute")) {
                throw failure;
              }
              return switch (method.getName()) {
                case "executeUpdate" -> 1;
                case "executeBatch" -> new int[] {1};
                default -> null;
              };
            });
  }
}
