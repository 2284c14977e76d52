package io.causality.sim.engine.adapter;

import com.fasterxml.jackson.databind.JsonNode;
import io.causality.sim.engine.EngineLimits;
import io.causality.sim.engine.json.Issues;
import io.causality.sim.engine.json.JsonIn;
import io.causality.sim.engine.model.AgentSpec;
import io.causality.sim.engine.model.AttractorSpec;
import io.causality.sim.engine.model.Grid;
import io.causality.sim.engine.model.NodeLabels;
import io.causality.sim.engine.model.Rule;
import io.causality.sim.engine.model.Scenario;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Market: assets are attractors placed by log price (x) and volatility (y), pulling with their
 * liquidity; traders are agents whose strategy sets their policy. A trader lost has left the
 * market, and the panic kicks the others holding the same asset (lossContagion 1). Input: {@code
 * {seed?, assets: [{symbol, price, volatility, liquidity}], traders: [{id, strategy:
 * momentum|value|noise, favourites?: [symbol]}]}}.
 */
public final class MarketAdapter implements DomainAdapter {
  private static final List<String> STRATEGIES = List.of("momentum", "value", "noise");
  private static final double[][] POLICY = {{1.2, 0.2}, {0.4, 0.6}, {2.5, 0.1}};

  private record Asset(String symbol, double price, double volatility, double liquidity) {}

  private record Trader(String id, int strategy, List<String> favourites) {}

  @Override
  public String domain() {
    return "market";
  }

  @Override
  public String description() {
    return "Assets pull traders by liquidity; strategies set chaos and order; panic spreads.";
  }

  @Override
  public Scenario toScenario(JsonNode input) {
    Issues issues = new Issues();
    JsonIn in = JsonIn.root(input, "input", issues);
    if (!in.requireObject()) {
      issues.throwIfAny();
    }
    long seed = in.get("seed").present() ? in.get("seed").integer(0, Long.MAX_VALUE) : 1;
    List<Asset> assets = assets(in.get("assets"));
    List<Trader> traders = traders(in.get("traders"), assets);
    issues.throwIfAny();
    return build(seed, assets, traders);
  }

  private static List<Asset> assets(JsonIn array) {
    List<Asset> out = new ArrayList<>();
    for (JsonIn item : array.array(EngineLimits.MAX_ATTRACTORS)) {
      if (!item.requireObject()) {
        continue;
      }
      String symbol = item.get("symbol").text(16);
      if (symbol != null && out.stream().anyMatch(a -> symbol.equals(a.symbol))) {
        item.get("symbol").fail("duplicate asset symbol '" + symbol + "'");
      }
      out.add(
          new Asset(
              symbol,
              item.get("price").number(0.0001, 1_000_000),
              item.get("volatility").number(0, 5),
              item.get("liquidity").number(0, 1)));
    }
    return out;
  }

  private static List<Trader> traders(JsonIn array, List<Asset> assets) {
    List<Trader> out = new ArrayList<>();
    for (JsonIn item : array.array(EngineLimits.MAX_AGENTS)) {
      if (!item.requireObject()) {
        continue;
      }
      String id = item.get("id").text(EngineLimits.MAX_NAME_LENGTH);
      if (id != null && out.stream().anyMatch(t -> id.equals(t.id))) {
        item.get("id").fail("duplicate trader id '" + id + "'");
      }
      out.add(
          new Trader(
              id, strategy(item.get("strategy")), favourites(item.get("favourites"), assets)));
    }
    return out;
  }

  private static int strategy(JsonIn field) {
    String value = field.text(16);
    int index = value == null ? 0 : STRATEGIES.indexOf(value);
    if (index < 0) {
      field.fail("must be one of " + String.join(", ", STRATEGIES));
      return 0;
    }
    return index;
  }

  private static List<String> favourites(JsonIn array, List<Asset> assets) {
    List<String> out = new ArrayList<>();
    for (JsonIn item : array.optionalArray(EngineLimits.MAX_ATTRACTORS)) {
      String symbol = item.text(16);
      if (symbol != null && assets.stream().noneMatch(a -> symbol.equals(a.symbol))) {
        item.fail("unknown asset '" + symbol + "'");
      } else if (symbol != null) {
        out.add(symbol);
      }
    }
    return out;
  }

  private Scenario build(long seed, List<Asset> assets, List<Trader> traders) {
    double[] logs = assets.stream().mapToDouble(a -> StrictMath.log(a.price)).toArray();
    double min = Arrays.stream(logs).min().orElse(0);
    double span = Math.max(1e-9, Arrays.stream(logs).max().orElse(0) - min);
    List<AttractorSpec> attractors = new ArrayList<>();
    for (int k = 0; k < assets.size(); k++) {
      Asset a = assets.get(k);
      double x = assets.size() == 1 ? Layout.CENTRE : 10 + 80 * (logs[k] - min) / span;
      attractors.add(
          new AttractorSpec(
              a.symbol,
              Layout.round(x),
              Layout.round(10 + 16 * a.volatility),
              Layout.round(4 + 16 * a.liquidity),
              8));
    }
    Layout layout = new Layout(seed);
    List<AgentSpec> agents = new ArrayList<>();
    for (Trader t : traders) {
      agents.add(trader(t, attractors, layout));
    }
    return new Scenario(
        null,
        "Market",
        seed,
        List.of("market"),
        "Generated by the market adapter.",
        new NodeLabels("log price", "volatility"),
        Map.of(Rule.LOSS_CONTAGION, 1.0),
        new Grid(Layout.SIDE, Layout.SIDE),
        attractors,
        agents);
  }

  private static AgentSpec trader(Trader t, List<AttractorSpec> assets, Layout layout) {
    AttractorSpec home =
        t.favourites.isEmpty()
            ? null
            : assets.stream()
                .filter(a -> a.name().equals(t.favourites.get(0)))
                .findFirst()
                .orElse(null);
    TreeMap<String, Double> prefs = new TreeMap<>();
    for (AttractorSpec a : assets) {
      prefs.put(a.name(), t.favourites.contains(a.name()) ? 1.0 : 0.2);
    }
    double x = layout.jitter(home == null ? Layout.CENTRE : home.x(), 4);
    double y = layout.jitter(home == null ? Layout.CENTRE : home.y(), 4);
    return new AgentSpec(
        t.id,
        Layout.round(x),
        Layout.round(y),
        POLICY[t.strategy][0],
        POLICY[t.strategy][1],
        prefs,
        true);
  }
}
