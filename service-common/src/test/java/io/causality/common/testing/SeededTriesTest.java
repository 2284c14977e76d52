package io.causality.common.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SeededTriesTest {
  private static final Gen<String> DRAW = Gen.strings(Gen.charRange('a', 'z'), 12);

  @AfterEach
  void clearProperties() {
    System.clearProperty(SeededTries.SEED_PROPERTY);
    System.clearProperty(SeededTries.TRY_PROPERTY);
  }

  @Test
  void theSameSeedDrawsTheSameValues() {
    System.setProperty(SeededTries.SEED_PROPERTY, "42");
    List<String> first = drawn(20);
    List<String> second = drawn(20);
    assertThat(first).hasSize(20).isEqualTo(second);
    System.setProperty(SeededTries.SEED_PROPERTY, "43");
    assertThat(drawn(20)).isNotEqualTo(first);
  }

  @Test
  void aFailureNamesItsSeedAndTryAndHowToReplayIt() {
    System.setProperty(SeededTries.SEED_PROPERTY, "7");
    List<String> seen = new ArrayList<>();
    assertThatThrownBy(
            () ->
                SeededTries.run(
                    "probe",
                    10,
                    (random, tally) -> {
                      seen.add(DRAW.next(random));
                      assertThat(seen).hasSizeLessThan(4);
                    }))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("probe: try 4 of 10 failed with seed 7")
        .hasMessageContaining("-Dhostile.seed=7 -Dhostile.try=4");
    String failing = seen.get(3);

    System.setProperty(SeededTries.TRY_PROPERTY, "4");
    assertThat(drawn(10)).containsExactly(failing);
  }

  @Test
  void withoutASeedEachRunTakesAFreshOne() {
    assertThat(drawn(20)).isNotEqualTo(drawn(20));
  }

  private static List<String> drawn(int tries) {
    List<String> out = new ArrayList<>();
    SeededTries.run("probe", tries, (random, tally) -> out.add(DRAW.next(random)));
    return out;
  }
}
