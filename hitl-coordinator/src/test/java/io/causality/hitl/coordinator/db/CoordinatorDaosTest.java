package io.causality.hitl.coordinator.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.DaoTypes;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A new DAO must join the list the service describes at start. */
class CoordinatorDaosTest {
  @Test
  void listsEveryDaoOfTheCoordinator() {
    Set<Class<?>> daos = DaoTypes.in("io.causality.hitl.coordinator.db");

    assertThat(daos).isNotEmpty();
    assertThat(CoordinatorDaos.ALL).containsExactlyInAnyOrderElementsOf(daos);
  }
}
