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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Supply chain: suppliers become attractors on a ring (strength from capacity, basin radius
 * from reliability) whose capacity is shared among the retailers they serve (zero-sum
 * capture); retailers become agents whose chaos grows with demand and market volatility.
 * Input: {@code {seed?, volatility?, suppliers: [{name, capacity, reliability}],
 * retailers: [{name, demand, preferred?}]}}.
 */
public final class SupplyChainAdapter implements DomainAdapter {
    private static final double RING = 30;

    private record Supplier(String name, double capacity, double reliability) {
    }

    private record Retailer(String name, double demand, String preferred) {
    }

    @Override
    public String domain() {
        return "supply-chain";
    }

    @Override
    public String description() {
        return "Suppliers share their capacity among retailers; volatile demand breaks ties.";
    }

    @Override
    public Scenario toScenario(JsonNode input) {
        Issues issues = new Issues();
        JsonIn in = JsonIn.root(input, "input", issues);
        if (!in.requireObject()) {
            issues.throwIfAny();
        }
        long seed = in.get("seed").present() ? in.get("seed").integer(0, Long.MAX_VALUE) : 1;
        double volatility = in.get("volatility").number(0, 1, 0.2);
        List<Supplier> suppliers = suppliers(in.get("suppliers"));
        List<Retailer> retailers = retailers(in.get("retailers"), suppliers);
        issues.throwIfAny();
        return build(seed, volatility, suppliers, retailers);
    }

    private static List<Supplier> suppliers(JsonIn array) {
        List<Supplier> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonIn item : array.array(EngineLimits.MAX_ATTRACTORS)) {
            if (!item.requireObject()) {
                continue;
            }
            String name = item.get("name").text(EngineLimits.MAX_NAME_LENGTH);
            double capacity = item.get("capacity").number(1, 1_000_000);
            double reliability = item.get("reliability").number(0, 1);
            if (name != null && names.contains(name)) {
                item.get("name").fail("duplicate supplier name '" + name + "'");
            }
            names.add(name);
            out.add(new Supplier(name, capacity, reliability));
        }
        return out;
    }

    private static List<Retailer> retailers(JsonIn array, List<Supplier> suppliers) {
        List<Retailer> out = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (JsonIn item : array.array(EngineLimits.MAX_AGENTS)) {
            if (!item.requireObject()) {
                continue;
            }
            String name = item.get("name").text(EngineLimits.MAX_NAME_LENGTH);
            double demand = item.get("demand").number(0.01, 1_000_000);
            String preferred = item.get("preferred").text(EngineLimits.MAX_NAME_LENGTH, null);
            if (preferred != null && suppliers.stream().noneMatch(s -> preferred.equals(s.name))) {
                item.get("preferred").fail("unknown supplier '" + preferred + "'");
            }
            if (name != null && names.contains(name)) {
                item.get("name").fail("duplicate retailer name '" + name + "'");
            }
            names.add(name);
            out.add(new Retailer(name, demand, preferred));
        }
        return out;
    }

    private Scenario build(long seed, double volatility, List<Supplier> suppliers,
                           List<Retailer> retailers) {
        double maxCapacity = suppliers.stream().mapToDouble(Supplier::capacity).max().orElse(1);
        List<AttractorSpec> attractors = new ArrayList<>();
        for (int k = 0; k < suppliers.size(); k++) {
            Supplier s = suppliers.get(k);
            attractors.add(new AttractorSpec(s.name,
                    Layout.round(Layout.circleX(k, suppliers.size(), RING)),
                    Layout.round(Layout.circleY(k, suppliers.size(), RING)),
                    Layout.round(4 + 36 * s.capacity / maxCapacity),
                    Layout.round(6 + 8 * s.reliability)));
        }
        double meanDemand = retailers.stream().mapToDouble(Retailer::demand).average()
                .orElse(1);
        Layout layout = new Layout(seed);
        List<AgentSpec> agents = new ArrayList<>();
        for (Retailer r : retailers) {
            agents.add(agent(r, attractors, volatility, meanDemand, layout));
        }
        return new Scenario(null, "Supply chain", seed, List.of("supply-chain"),
                "Generated by the supply-chain adapter.", new NodeLabels("cost", "lead time"),
                Map.of(Rule.ZERO_SUM_ATTRACTOR_CAPTURE, 1.0), new Grid(Layout.SIDE, Layout.SIDE),
                attractors, agents);
    }

    /** A retailer starts near its preferred supplier (or the centre), weighing it fully. */
    private static AgentSpec agent(Retailer r, List<AttractorSpec> suppliers, double volatility,
                                   double meanDemand, Layout layout) {
        AttractorSpec home = suppliers.stream().filter(s -> s.name().equals(r.preferred))
                .findFirst().orElse(null);
        double x = layout.jitter(home == null ? Layout.CENTRE : home.x(), 6);
        double y = layout.jitter(home == null ? Layout.CENTRE : home.y(), 6);
        double lambda = Math.min(EngineLimits.MAX_LAMBDA, 0.2 + 4 * volatility
                * Math.min(3, r.demand / meanDemand));
        TreeMap<String, Double> prefs = new TreeMap<>();
        for (AttractorSpec s : suppliers) {
            prefs.put(s.name(), s == home ? 1.0 : 0.3);
        }
        return new AgentSpec(r.name, Layout.round(x), Layout.round(y), Layout.round(lambda),
                0.35, prefs, true);
    }
}
