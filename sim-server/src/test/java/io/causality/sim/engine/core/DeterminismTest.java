package io.causality.sim.engine.core;

import static io.causality.sim.engine.Fixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.input.EngineInput;
import io.causality.sim.engine.input.InputParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class DeterminismTest {
  private static final List<String> IDS =
      List.of("chaos-storm", "prophecy-loop", "zero-sum-capture", "collapse-cascade");

  private static Map<Long, List<EngineInput>> inputs() {
    Map<Long, List<EngineInput>> script = Fixtures.script();
    script.put(20L, List.of(InputParser.decree("shock", Fixtures.json("{'magnitude': 3}"))));
    script.put(45L, List.of(InputParser.policyChange("a01", 0.1, 0.9)));
    return script;
  }

  private static byte[] run(String id) {
    return trace(Fixtures.start(id), 300, inputs());
  }

  @Test
  void sameInputsGiveByteIdenticalTraces() {
    for (String id : IDS) {
      assertThat(run(id)).as(id).isEqualTo(run(id));
    }
  }

  @Test
  void aDifferentSeedGivesADifferentTrace() {
    byte[] reseeded =
        trace(
            Fixtures.REGISTRY
                .latest()
                .newSimulation(Fixtures.scenario("chaos-storm").withSeed(405)),
            300,
            inputs());
    assertThat(reseeded).isNotEqualTo(run("chaos-storm"));
  }

  @Test
  void simulationsOnSeveralThreadsAtOnceMatchSequentialRuns() throws Exception {
    List<byte[]> sequential = IDS.stream().map(DeterminismTest::run).toList();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<byte[]>> futures = new ArrayList<>();
      for (int round = 0; round < 2; round++) {
        for (String id : IDS) {
          futures.add(pool.submit(() -> run(id)));
        }
      }
      for (int k = 0; k < futures.size(); k++) {
        assertThat(Arrays.equals(futures.get(k).get(), sequential.get(k % IDS.size())))
            .as(IDS.get(k % IDS.size()))
            .isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
