package io.causality.sim.engine.adapter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.causality.sim.engine.EngineValidationException;
import io.causality.sim.engine.Fixtures;
import io.causality.sim.engine.ValidationIssue;
import io.causality.sim.engine.core.Simulation;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.scenario.ScenarioJson;
import io.causality.sim.engine.scenario.ScenarioParser;
import java.nio.charset.StandardCharsets;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

class DomainAdapterTest {
  private final DomainAdapterRegistry registry = DomainAdapterRegistry.standard();

  private Scenario adapt(String domain, String input) {
    return registry.find(domain).orElseThrow().toScenario(Fixtures.json(input));
  }

  /** An adapter's scenario must be one the parser accepts and the engine runs. */
  private static void assertRunnable(Scenario scenario) {
    String text = new String(ScenarioJson.toBytes(scenario), StandardCharsets.UTF_8);
    assertThat(ScenarioParser.parse(Fixtures.json(text.replace('"', '\'')), "scenario"))
        .isEqualTo(scenario);
    Simulation sim = Fixtures.REGISTRY.latest().newSimulation(scenario);
    sim.advance(500, EngineListener.NONE);
    assertThat(sim.nextTick()).isEqualTo(500);
  }

  @Test
  void registryKnowsThreeDomains() {
    assertThat(registry.domains()).containsExactly("supply-chain", "epidemic", "market");
    assertThat(registry.find("weather")).isEmpty();
  }

  @Test
  void supplyChainHappyPath() {
    Scenario s =
        adapt(
            "supply-chain",
            "{'seed': 3, 'volatility': 0.3, 'suppliers': ["
                + "{'name': 'acme', 'capacity': 100, 'reliability': 0.9},"
                + "{'name': 'globex', 'capacity': 50, 'reliability': 0.5}], 'retailers': ["
                + "{'name': 'shop-1', 'demand': 10, 'preferred': 'acme'},"
                + "{'name': 'shop-2', 'demand': 30}]}");
    assertThat(s.attractors()).extracting(a -> a.name()).containsExactly("acme", "globex");
    assertThat(s.attractors().get(0).strength()).isEqualTo(40);
    assertThat(s.agents()).extracting(AgentSpec::id).containsExactly("shop-1", "shop-2");
    assertThat(s.agents().get(0).preferences())
        .containsEntry("acme", 1.0)
        .containsEntry("globex", 0.3);
    assertThat(s.ruleOverrides()).containsEntry(Rule.ZERO_SUM_ATTRACTOR_CAPTURE, 1.0);
    assertThat(
            adapt(
                "supply-chain",
                "{'seed': 3, 'volatility': 0.3, 'suppliers': ["
                    + "{'name': 'acme', 'capacity': 100, 'reliability': 0.9},"
                    + "{'name': 'globex', 'capacity': 50, 'reliability': 0.5}], 'retailers': ["
                    + "{'name': 'shop-1', 'demand': 10, 'preferred': 'acme'},"
                    + "{'name': 'shop-2', 'demand': 30}]}"))
        .isEqualTo(s);
    assertRunnable(s);
  }

  @Test
  void supplyChainBadInputNamesEachField() {
    assertIssues(
        () ->
            adapt(
                "supply-chain",
                "{'volatility': 2, 'suppliers': ["
                    + "{'name': 'a', 'capacity': 10, 'reliability': 1},"
                    + "{'name': 'b', 'capacity': 10, 'reliability': 0.5},"
                    + "{'name': 'c', 'capacity': -5, 'reliability': 0.5}], 'retailers': ["
                    + "{'name': 'r', 'demand': 1, 'preferred': 'z'}]}"),
        tuple("input.volatility", "must be between 0 and 1"),
        tuple("input.suppliers[2].capacity", "must be between 1 and 1000000"),
        tuple("input.retailers[0].preferred", "unknown supplier 'z'"));
    assertIssues(
        () -> adapt("supply-chain", "{}"),
        tuple("input.suppliers", "is required"),
        tuple("input.retailers", "is required"));
  }

  @Test
  void epidemicHappyPath() {
    Scenario s =
        adapt(
            "epidemic",
            "{'transmissibility': 0.4, 'recovery': 0.2,"
                + " 'distancing': 0.5, 'regions': [{'name': 'north', 'population': 20,"
                + " 'infected': 3}, {'name': 'south', 'population': 15, 'infected': 0}]}");
    assertThat(s.attractors()).extracting(a -> a.name()).containsExactly("north", "south");
    assertThat(s.agents()).hasSize(35);
    assertThat(s.agents().get(0).id()).isEqualTo("north-0");
    assertThat(s.agents().get(0).lambda()).isEqualTo(2.5);
    assertThat(s.agents().get(3).lambda()).isEqualTo(0.6);
    assertRunnable(s);
  }

  @Test
  void epidemicBadInputNamesEachField() {
    assertIssues(
        () ->
            adapt(
                "epidemic",
                "{'transmissibility': 'high', 'regions': ["
                    + "{'name': 'north', 'population': 10, 'infected': 2},"
                    + "{'name': 'south', 'population': 10, 'infected': 11}]}"),
        tuple("input.transmissibility", "must be a number"),
        tuple("input.recovery", "is required"),
        tuple("input.regions[1].infected", "must not exceed population (10)"));
    assertIssues(
        () ->
            adapt(
                "epidemic",
                "{'transmissibility': 0.1, 'recovery': 0.1,"
                    + " 'regions': [{'name': 'a', 'population': 60000, 'infected': 0},"
                    + " {'name': 'b', 'population': 60000, 'infected': 0}]}"),
        tuple(
            "input.regions",
            "total population 120000 exceeds the engine limit of " + "100000 agents"));
  }

  @Test
  void marketHappyPath() {
    Scenario s =
        adapt(
            "market",
            "{'seed': 9, 'assets': ["
                + "{'symbol': 'AAA', 'price': 10, 'volatility': 0.5, 'liquidity': 0.8},"
                + "{'symbol': 'BBB', 'price': 1000, 'volatility': 2, 'liquidity': 0.2}],"
                + " 'traders': [{'id': 't1', 'strategy': 'value', 'favourites': ['BBB']},"
                + " {'id': 't2', 'strategy': 'noise'}]}");
    assertThat(s.attractors().get(0).x()).isEqualTo(10);
    assertThat(s.attractors().get(1).x()).isEqualTo(90);
    assertThat(s.agents().get(0).gamma()).isEqualTo(0.6);
    assertThat(s.agents().get(0).preferences()).containsEntry("BBB", 1.0).containsEntry("AAA", 0.2);
    assertThat(s.agents().get(1).lambda()).isEqualTo(2.5);
    assertRunnable(s);
  }

  @Test
  void marketBadInputNamesEachField() {
    assertIssues(
        () ->
            adapt(
                "market",
                "{'assets': [{'symbol': 'AAA', 'price': 0,"
                    + " 'volatility': 1, 'liquidity': 0.5}], 'traders': ["
                    + "{'id': 't1', 'strategy': 'yolo'},"
                    + "{'id': 't2', 'strategy': 'value', 'favourites': ['AAA', 'ZZZ']}]}"),
        tuple("input.assets[0].price", "must be between 0.0001 and 1000000"),
        tuple("input.traders[0].strategy", "must be one of momentum, value, noise"),
        tuple("input.traders[1].favourites[1]", "unknown asset 'ZZZ'"));
  }

  private static void assertIssues(ThrowingCallable call, Tuple... issues) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            EngineValidationException.class,
            e ->
                assertThat(e.issues())
                    .extracting(ValidationIssue::path, ValidationIssue::message)
                    .containsExactly(issues));
  }
}
