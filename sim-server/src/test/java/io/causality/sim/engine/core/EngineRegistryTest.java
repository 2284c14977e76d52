package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.ValidationIssue;
import org.junit.jupiter.api.Test;

class EngineRegistryTest {
  private final EngineRegistry registry = EngineRegistry.standard();

  @Test
  void firstVersionIsOneZeroZeroAndLatest() {
    assertThat(registry.versionIds()).containsExactly("1.0.0");
    assertThat(registry.latest().id()).isEqualTo("1.0.0");
    assertThat(registry.require(null)).isSameAs(registry.latest());
    assertThat(registry.require("1.0.0").id()).isEqualTo("1.0.0");
  }

  @Test
  void unknownVersionIsAValidationErrorListingTheAvailableOnes() {
    assertThat(registry.find("9.9.9")).isEmpty();
    assertThatThrownBy(() -> registry.require("9.9.9"))
        .isInstanceOfSatisfying(
            EngineValidationException.class,
            e ->
                assertThat(e.issues())
                    .containsExactly(
                        new ValidationIssue(
                            "engineVersion",
                            "unknown engine version '9.9.9'; " + "available versions: 1.0.0")));
  }
}
