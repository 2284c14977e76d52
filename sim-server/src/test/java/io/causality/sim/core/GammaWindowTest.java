package io.causality.sim.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.output.EngineListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GammaWindowTest {
  /** An interval no test reaches: these tests are about the window. */
  private static final int NO_SNAPSHOTS = 1_000_000;

  @Test
  void advancingRecordsTheLastTicksOnly() {
    Simulation simulation = simulation();
    List<Double> gammas =
        TickRun.advance(simulation, 25, NO_SNAPSHOTS, EngineListener.NONE).gammas();

    assertThat(gammas).hasSize(GammaWindow.SIZE);
    assertThat(simulation.nextTick()).isEqualTo(25);
    assertThat(gammas.get(GammaWindow.SIZE - 1)).isEqualTo(simulation.meanLiveGamma());
  }

  @Test
  void shortAdvancesAreJoinedWithTheStoredWindow() {
    Simulation joined = simulation();
    Optional<GammaWindow> window = Optional.of(GammaWindow.initial(joined));
    long ticks = 0;
    for (int step : new int[] {4, 3, 7, 1}) {
      List<Double> latest =
          TickRun.advance(joined, step, NO_SNAPSHOTS, EngineListener.NONE).gammas();
      window = GammaWindow.after(window.orElseThrow().json(), ticks, latest, joined);
      ticks += step;
    }
    Simulation oneGo = simulation();
    oneGo.advance(5, EngineListener.NONE);
    List<Double> last = TickRun.advance(oneGo, 10, NO_SNAPSHOTS, EngineListener.NONE).gammas();

    assertThat(window).contains(GammaWindow.after(null, 5, last, oneGo).orElseThrow());
    assertThat(window.orElseThrow().covers(15)).isTrue();
  }

  @Test
  void anUnknownWindowStaysUnknownUntilAWholeWindowIsComputed() {
    Simulation simulation = simulation();
    simulation.advance(50, EngineListener.NONE);

    List<Double> few = TickRun.advance(simulation, 3, NO_SNAPSHOTS, EngineListener.NONE).gammas();
    List<Double> whole =
        TickRun.advance(simulation, 10, NO_SNAPSHOTS, EngineListener.NONE).gammas();

    assertThat(GammaWindow.after(null, 50, few, simulation)).isEmpty();
    assertThat(GammaWindow.after(null, 53, whole, simulation)).isPresent();
  }

  @Test
  void aWindowShorterThanItsTicksDoesNotCoverThem() {
    GammaWindow three = new GammaWindow(0.5, List.of(0.1, 0.2, 0.3), 1.0, 4);

    assertThat(three.covers(3)).isTrue();
    assertThat(three.covers(12)).isFalse();
    assertThat(new GammaWindow(0.5, List.of(), 1.0, 4).covers(0)).isTrue();
  }

  @Test
  void theStoredFormKeepsEveryNumberExactly() {
    List<Double> gammas = new ArrayList<>();
    for (int k = 1; k <= GammaWindow.SIZE; k++) {
      gammas.add(1.0 / (3 * k) + 1e-17 * k);
    }
    GammaWindow window = new GammaWindow(Math.PI / 7, gammas, 0.1 + 0.2, 37);

    assertThat(GammaWindow.parse(window.json())).contains(window);
    assertThat(window.json()).startsWith("{\"gamma\":").doesNotContain("covers");
    assertThat(GammaWindow.parse(null)).isEmpty();
  }

  private static Simulation simulation() {
    return Fixtures.start("stable-basins");
  }
}
