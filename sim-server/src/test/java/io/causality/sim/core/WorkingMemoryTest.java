package io.causality.sim.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.core.errors.WorkingMemoryExhaustedException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Large work takes its turn for the heap: it reserves what it needs, waits for room, and is refused
 * when none is freed in time; work larger than the whole budget runs alone.
 */
class WorkingMemoryTest {
  private static final long MIB = 1024 * 1024;

  private final ExecutorService other = Executors.newSingleThreadExecutor();

  @AfterEach
  void stop() {
    other.shutdownNow();
  }

  @Test
  void reservationsWithinTheBudgetRunTogetherAndGiveTheirRoomBack() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation first = memory.reserve(MIB)) {
      onOtherThread(() -> memory.reserve(2 * MIB)).close();
      assertThat(memory.reservedBytes()).isEqualTo(MIB);
    }

    assertThat(memory.reservedBytes()).isZero();
  }

  @Test
  void workPastItsPeakKeepsOnlyWhatItStillHolds() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation rebuild = memory.reserve(4 * MIB)) {
      assertThatThrownBy(() -> onOtherThread(() -> memory.reserve(3 * MIB)))
          .hasCauseInstanceOf(WorkingMemoryExhaustedException.class);

      rebuild.keepOnly(MIB);
      onOtherThread(() -> memory.reserve(3 * MIB)).close();
      assertThat(memory.reservedBytes()).isEqualTo(MIB);

      // it never grows back
      rebuild.keepOnly(2 * MIB);
      assertThat(memory.reservedBytes()).isEqualTo(MIB);
    }

    assertThat(memory.reservedBytes()).isZero();
  }

  @Test
  void workThatDoesNotFitIsRefusedAfterTheWaitWithWhenToRetry() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation held = memory.reserve(3 * MIB)) {
      assertThatThrownBy(() -> onOtherThread(() -> memory.reserve(2 * MIB)))
          .hasCauseInstanceOf(WorkingMemoryExhaustedException.class)
          .cause()
          .satisfies(
              refusal ->
                  assertThat(((WorkingMemoryExhaustedException) refusal).retryAfterSeconds())
                      .isEqualTo(1));
      assertThat(memory.reservedBytes()).isEqualTo(3 * MIB);
    }
  }

  @Test
  void workLargerThanTheBudgetRunsAlone() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation whole = onOtherThread(() -> memory.reserve(100 * MIB))) {
      assertThat(memory.reservedBytes()).isEqualTo(4 * MIB);
      assertThatThrownBy(() -> memory.reserve(1))
          .isInstanceOf(WorkingMemoryExhaustedException.class);
    }
  }

  @Test
  void waitingWorkRunsOnceRoomIsFreed() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ofMinutes(5), 0);
    WorkingMemory.Reservation held = memory.reserve(4 * MIB);

    // the other thread waits for the room (parked), then the room is freed
    Future<WorkingMemory.Reservation> waiting = waitingOnOtherThread(memory, MIB);
    assertThat(waiting).isNotDone();
    held.close();

    waiting.get().close();
    assertThat(memory.reservedBytes()).isZero();
  }

  @Test
  void workWithinReservedWorkReservesNothingMore() {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation request = memory.reserve(4 * MIB)) {
      // a rebuild inside a request that reserved for its large body: it must not wait for itself
      try (WorkingMemory.Reservation rebuild = memory.reserve(2 * MIB)) {
        assertThat(memory.reservedBytes()).isEqualTo(4 * MIB);
      }
      assertThat(memory.reservedBytes()).isEqualTo(4 * MIB);
    }
    assertThat(memory.reservedBytes()).isZero();
  }

  @Test
  void aReservationClosedTwiceGivesItsRoomBackOnce() {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);
    WorkingMemory.Reservation first = memory.reserve(MIB);
    first.close();
    first.close();

    try (WorkingMemory.Reservation whole = memory.reserve(4 * MIB)) {
      assertThatThrownBy(() -> onOtherThread(() -> memory.reserve(1)))
          .hasCauseInstanceOf(WorkingMemoryExhaustedException.class);
    }
  }

  @Test
  void jsonIsReservedAtTheHeapItTakes() {
    WorkingMemory memory = new WorkingMemory(64 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation body = memory.reserveForJson(MIB)) {
      assertThat(memory.reservedBytes()).isEqualTo(WorkingMemory.HEAP_PER_JSON_BYTE * MIB);
    }
  }

  @Test
  void aReservationForTheRequestLastsUntilTheRequestEnds() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 0);

    onOtherThread(
        () -> {
          memory.reserveForRequest(3 * MIB);
          // the answer's trace, written later in the same request, reserves nothing more
          memory.reserve(3 * MIB).close();
          return null;
        });
    assertThat(memory.reservedBytes()).isEqualTo(3 * MIB);
    assertThatThrownBy(() -> memory.reserve(2 * MIB))
        .isInstanceOf(WorkingMemoryExhaustedException.class);

    onOtherThread(
        () -> {
          memory.releaseThread();
          return null;
        });
    assertThat(memory.reservedBytes()).isZero();
    memory.reserve(4 * MIB).close();
  }

  @Test
  void smallWorkTakesNoTurn() {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO);

    try (WorkingMemory.Reservation whole = memory.reserve(4 * MIB)) {
      try (WorkingMemory.Reservation small =
          onOtherThreadUnchecked(() -> memory.reserve(WorkingMemory.SMALL_WORK - 1))) {
        assertThat(memory.reservedBytes()).isEqualTo(4 * MIB);
      }
    }
  }

  @Test
  void aNewSimulationIsReservedByItsAgents() {
    WorkingMemory memory = new WorkingMemory(1024 * MIB, Duration.ZERO, 0);

    try (WorkingMemory.Reservation agents = memory.reserveForAgents(100_000)) {
      assertThat(memory.reservedBytes())
          .isEqualTo(100_000L * WorkingMemory.HEAP_PER_AGENT / 1024 * 1024);
    }
  }

  @Test
  void aBudgetUnderAKibibyteIsRefused() {
    assertThatThrownBy(() -> new WorkingMemory(1023, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private <T> T onOtherThreadUnchecked(Callable<T> work) {
    try {
      return onOtherThread(work);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Runs {@code work} on another thread: a thread holds at most one reservation of its own. */
  private <T> T onOtherThread(Callable<T> work) throws Exception {
    return other.submit(work).get();
  }

  @Test
  void workThatCanDoWithoutGrowsOnlyIntoRoomThereIsNow() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ofMinutes(5), 0);

    try (WorkingMemory.Reservation events = memory.growable()) {
      assertThat(events.tryGrowTo(MIB)).isTrue();
      assertThat(events.tryGrowTo(3 * MIB)).isTrue();
      assertThat(memory.reservedBytes()).isEqualTo(3 * MIB);
      // refused at once, not after the five minutes' wait; what it held stays held
      assertThat(events.tryGrowTo(5 * MIB)).isFalse();
      assertThat(events.tryGrowTo(4 * MIB + 1)).isFalse();
      assertThat(memory.reservedBytes()).isEqualTo(3 * MIB);
      // not this thread's reservation: the thread's own work still takes its turn
      try (WorkingMemory.Reservation own = memory.reserve(MIB)) {
        assertThat(memory.reservedBytes()).isEqualTo(4 * MIB);
      }
    }

    assertThat(memory.reservedBytes()).isZero();
  }

  @Test
  void workThatCanDoWithoutNeverGoesAheadOfWorkWaitingForItsTurn() throws Exception {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ofMinutes(5), 0);
    WorkingMemory.Reservation held = memory.reserve(2 * MIB);
    Future<WorkingMemory.Reservation> waiting = waitingOnOtherThread(memory, 3 * MIB);

    try (WorkingMemory.Reservation events = memory.growable()) {
      // 1 MiB is free, but the waiting work comes first
      assertThat(events.tryGrowTo(MIB)).isFalse();
    }
    held.close();
    waiting.get().close();
    assertThat(memory.reservedBytes()).isZero();
  }

  @Test
  void workThatCanDoWithoutTakesNoTurnWhileSmall() {
    WorkingMemory memory = new WorkingMemory(4 * MIB, Duration.ZERO, 2 * MIB);

    try (WorkingMemory.Reservation events = memory.growable()) {
      assertThat(events.tryGrowTo(MIB)).isTrue();
      assertThat(memory.reservedBytes()).isZero();
      assertThat(events.tryGrowTo(3 * MIB)).isTrue();
      assertThat(memory.reservedBytes()).isEqualTo(3 * MIB);
    }
  }

  /** Reserves {@code bytes} on the other thread, once that thread is parked waiting for room. */
  private Future<WorkingMemory.Reservation> waitingOnOtherThread(WorkingMemory memory, long bytes) {
    AtomicReference<Thread> waiter = new AtomicReference<>();
    Future<WorkingMemory.Reservation> waiting =
        other.submit(
            () -> {
              waiter.set(Thread.currentThread());
              return memory.reserve(bytes);
            });
    while (waiter.get() == null || waiter.get().getState() != Thread.State.TIMED_WAITING) {
      Thread.onSpinWait();
    }
    return waiting;
  }
}
