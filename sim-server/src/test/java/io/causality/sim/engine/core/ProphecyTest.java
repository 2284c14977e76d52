package io.causality.sim.engine.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.input.InputParser;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.LossEvent;
import io.causality.sim.engine.output.Paradox;
import io.causality.sim.engine.output.Prophecy;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProphecyTest {
  private static <T> List<T> only(List<EngineEvent> events, Class<T> type) {
    return events.stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Test
  void prophecyComesEveryIntervalWithBoundedDepth() {
    Simulation sim = Fixtures.start("prophecy-loop");
    List<Prophecy> prophecies = only(Fixtures.events(sim, 200), Prophecy.class);
    assertThat(prophecies)
        .extracting(Prophecy::tick)
        .containsExactly(
            9L, 19L, 29L, 39L, 49L, 59L, 69L, 79L, 89L, 99L, 109L, 119L, 129L, 139L, 149L, 159L,
            169L, 179L, 189L, 199L);
    assertThat(prophecies).extracting(Prophecy::seq).startsWith(0, 1, 2);
    assertThat(prophecies)
        .allSatisfy(
            p -> {
              assertThat(p.depth()).isBetween(1, 3);
              assertThat(p.levels()).hasSize(p.depth());
              assertThat(p.horizon()).isEqualTo(25);
              assertThat(p.losses())
                  .allSatisfy(l -> assertThat(l.tick()).isBetween(p.tick() + 1, p.tick() + 25));
            });
  }

  /** With nobody heeding, a prophecy is an exact forecast: every foretold loss happens. */
  @Test
  void heedlessAgentsMakeEveryProphecyComeTrue() {
    Simulation sim = Fixtures.start("heedless-oracle");
    List<EngineEvent> events = Fixtures.events(sim, 600);
    List<Prophecy> prophecies = only(events, Prophecy.class);
    Set<String> lost =
        only(events, LossEvent.class).stream()
            .map(l -> l.agent() + "@" + l.tick())
            .collect(Collectors.toSet());
    assertThat(prophecies)
        .allSatisfy(
            p -> {
              assertThat(p.depth()).isEqualTo(1);
              assertThat(p.converged()).isTrue();
              assertThat(p.reacting()).isEmpty();
            });
    List<String> foretold =
        prophecies.stream()
            .flatMap(p -> p.losses().stream())
            .filter(l -> l.tick() < 600)
            .map(l -> l.agent() + "@" + l.tick())
            .toList();
    assertThat(foretold).isNotEmpty();
    assertThat(lost).containsAll(foretold);
    assertThat(only(events, Paradox.class)).isEmpty();
  }

  @Test
  void heedingAgentsDefeatTheirProphecyAndAParadoxFollows() {
    Simulation sim = Fixtures.start("prophecy-loop");
    List<EngineEvent> events = Fixtures.events(sim, 600);
    List<Paradox> paradoxes = only(events, Paradox.class);
    assertThat(paradoxes)
        .isNotEmpty()
        .allSatisfy(
            p -> {
              assertThat(p.cause()).isEqualTo("reaction");
              assertThat(p.tick()).isEqualTo(p.foretoldTick());
            });
    assertThat(only(events, Prophecy.class))
        .anySatisfy(
            p -> {
              assertThat(p.converged()).isFalse();
              assertThat(p.reacting()).isNotEmpty();
            });
  }

  @Test
  void removingAForetoldAgentIsAParadoxCausedByTheDecree() {
    Simulation sim = Fixtures.start("heedless-oracle");
    Prophecy prophecy = null;
    while (prophecy == null || prophecy.losses().isEmpty()) {
      prophecy = only(Fixtures.events(sim, 10), Prophecy.class).get(0);
    }
    String doomed = prophecy.losses().get(0).agent();
    sim.submit(InputParser.decree("agent.remove", Fixtures.json("{'agentId': '" + doomed + "'}")));
    List<Paradox> paradoxes = only(Fixtures.events(sim, 1), Paradox.class);
    assertThat(paradoxes)
        .extracting(Paradox::agent, Paradox::cause, Paradox::prophecy)
        .containsExactly(tuple(doomed, "decree", prophecy.seq()));
  }

  @Test
  void prophecyOffMeansNoProphecyAndTheCostOfABareRun() {
    Simulation sim =
        Fixtures.REGISTRY.latest().newSimulation(Fixtures.small("{'prophecyInterval': 0}"));
    assertThat(only(Fixtures.events(sim, 500), Prophecy.class)).isEmpty();
    assertThat(sim.prophecyCount()).isZero();
  }

  @Test
  void prophecyDataIsVersionedJson() {
    Simulation sim = Fixtures.start("heedless-oracle");
    sim.advance(9, EngineListener.NONE);
    Prophecy prophecy = only(Fixtures.events(sim, 1), Prophecy.class).get(0);
    assertThat(Fixtures.eventJson(prophecy))
        .startsWith(
            "{\"engineVersion\":\"1.0.0\",\"seq\":0,\"tick\":9,\"from\":10,\"to\":34,"
                + "\"horizon\":25,\"depth\":1,\"converged\":true,\"predictedB\":");
  }
}
