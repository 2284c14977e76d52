package io.causality.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.db.TickSnapshot;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One advance's ticks: a snapshot at every multiple of the interval, the gamma window's ticks. */
class TickRunTest {
  private static Simulation simulation() {
    return Fixtures.start("stable-basins");
  }

  @Test
  void aLongAdvanceLeavesASnapshotAtEveryMultipleOfTheInterval() {
    Simulation long1 = simulation();
    long1.advance(30, EngineListener.NONE);
    TickRun run = TickRun.advance(long1, 370, 100, EngineListener.NONE);

    assertThat(run.snapshots())
        .extracting(TickSnapshot::tick)
        .containsExactly(100L, 200L, 300L, 400L);
    for (TickSnapshot snapshot : run.snapshots()) {
      Simulation there = simulation();
      there.advance(snapshot.tick(), EngineListener.NONE);
      assertThat(snapshot.bytes()).as("tick %d", snapshot.tick()).isEqualTo(there.snapshot());
    }
    assertThat(long1.nextTick()).isEqualTo(400);
    Simulation oneGo = simulation();
    oneGo.advance(400, EngineListener.NONE);
    assertThat(long1.snapshot()).isEqualTo(oneGo.snapshot());
  }

  @Test
  void anAdvanceEndingOnAMultipleSnapshotsItsEndAndOneThatReachesNoneSnapshotsNothing() {
    Simulation simulation = simulation();
    assertThat(TickRun.advance(simulation, 99, 100, EngineListener.NONE).snapshots()).isEmpty();
    List<TickSnapshot> snapshots =
        TickRun.advance(simulation, 1, 100, EngineListener.NONE).snapshots();
    assertThat(snapshots).extracting(TickSnapshot::tick).containsExactly(100L);
    assertThat(snapshots.get(0).bytes()).isEqualTo(simulation.snapshot());
  }

  @Test
  void theGammasAreThoseOfTheLastTicksWhateverTheSegments() {
    Simulation segmented = simulation();
    List<Double> gammas = TickRun.advance(segmented, 205, 100, EngineListener.NONE).gammas();
    Simulation single = simulation();
    single.advance(195, EngineListener.NONE);
    for (int k = 0; k < GammaWindow.SIZE; k++) {
      single.advance(1, EngineListener.NONE);
      assertThat(gammas.get(k)).isEqualTo(single.meanLiveGamma());
    }
    assertThat(gammas).hasSize(GammaWindow.SIZE);
  }
}
