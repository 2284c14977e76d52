package io.causality.sim.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.testing.DaoTypes;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A new DAO must join the list the service describes at start. */
class SimDaosTest {
  @Test
  void listsEveryDaoOfTheService() {
    Set<Class<?>> daos = DaoTypes.in("io.causality.sim.db");

    assertThat(daos).isNotEmpty();
    assertThat(SimDaos.ALL).containsExactlyInAnyOrderElementsOf(daos);
  }
}
