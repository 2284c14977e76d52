package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The parts of a tick: each computed once, and followed in order once computed. */
class TickThreadsTest {
  private static final int PARTS = 64;

  private final TickThreads threads = TickThreads.of(4);

  @AfterEach
  void close() {
    threads.close();
  }

  @Test
  void everyPartIsFollowedInOrderAfterItIsComputed() {
    for (int round = 0; round < 200; round++) {
      AtomicIntegerArray computed = new AtomicIntegerArray(PARTS);
      List<Integer> followed = new ArrayList<>();
      List<Integer> followedBeforeComputed = new ArrayList<>();

      threads.run(
          PARTS,
          computed::incrementAndGet,
          p -> {
            if (computed.get(p) != 1) {
              followedBeforeComputed.add(p);
            }
            followed.add(p);
          });

      for (int p = 0; p < PARTS; p++) {
        assertThat(computed.get(p)).as("part %d computed once", p).isEqualTo(1);
      }
      assertThat(followedBeforeComputed).isEmpty();
      assertThat(followed).hasSize(PARTS).isSorted().doesNotHaveDuplicates();
    }
  }

  @Test
  void oneThreadComputesAndFollowsEachPartInTurn() {
    List<String> order = new ArrayList<>();

    TickThreads.single().run(3, p -> order.add("compute " + p), p -> order.add("follow " + p));

    assertThat(order)
        .containsExactly("compute 0", "follow 0", "compute 1", "follow 1", "compute 2", "follow 2");
  }

  @Test
  void aFailingPartFailsTheRunAfterEveryPartIsDone() {
    AtomicIntegerArray computed = new AtomicIntegerArray(PARTS);

    assertThatThrownBy(
            () ->
                threads.run(
                    PARTS,
                    p -> {
                      computed.incrementAndGet(p);
                      if (p == 7) {
                        throw new IllegalStateException("part 7");
                      }
                    },
                    p -> {}))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("part 7");
    for (int p = 0; p < PARTS; p++) {
      assertThat(computed.get(p)).isEqualTo(1);
    }
  }
}
