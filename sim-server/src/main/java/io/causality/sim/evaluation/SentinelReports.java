package io.causality.sim.evaluation;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.db.SimulationRow;
import java.util.Locale;

/**
 * The sentinelFeed and sentinelSummary submitted with a simulation's rejection, so the operator
 * sees why without opening the simulation.
 */
final class SentinelReports {
  /** Gamma this far below the floor, or falling while below it, is CRITICAL; else HIGH. */
  static final double CRITICAL_DEPTH = 0.1;

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private SentinelReports() {}

  static ObjectNode feed(SimulationRow row, GammaHistory history, String actorId, double floor) {
    ObjectNode feed = JSON.objectNode();
    feed.putObject("escalationContext")
        .put("simulationId", row.id().toString())
        .put("scenarioId", row.scenarioId())
        .put("tick", history.tick())
        .put("b", history.b())
        .put("aliveAgents", history.alive())
        .put("actorId", actorId);
    history
        .window()
        .forEach(
            point ->
                feed.withArray("historicalWindow")
                    .addObject()
                    .put("tick", point.tick())
                    .put("gamma", point.gamma()));
    feed.withArray("historicalWindow");
    return feed.put("gammaFloor", floor).put("gammaAtEscalation", history.gamma());
  }

  static ObjectNode summary(
      SimulationRow row, GammaHistory history, GateResult result, double floor) {
    ObjectNode summary =
        JSON.objectNode()
            .put("narrative", narrative(row, history, floor))
            .put("riskLevel", riskLevel(history, result));
    summary
        .putArray("highlights")
        .add(
            format(
                "gamma %.4f below the floor %.4f (headroom %.4f)",
                history.gamma(), floor, result.headroom()))
        .add(
            history.trend().isPresent()
                ? format("gamma trend %.5f per tick", history.trend().getAsDouble())
                : "gamma trend unknown")
        .add(
            format(
                "b %.4f with %d live agents at tick %d",
                history.b(), history.alive(), history.tick()));
    return summary;
  }

  static String riskLevel(GammaHistory history, GateResult result) {
    boolean falling = history.trend().orElse(0) < 0;
    return result.headroom() <= -CRITICAL_DEPTH || falling || history.alive() == 0
        ? "CRITICAL"
        : "HIGH";
  }

  private static String narrative(SimulationRow row, GammaHistory history, double floor) {
    return format(
        "Simulation %s: the mean gamma of its live agents is %.4f at tick %d, "
            + "below the policy floor %.4f. The state gate rejected it.",
        row.id(), history.gamma(), history.tick(), floor);
  }

  private static String format(String pattern, Object... values) {
    return String.format(Locale.ROOT, pattern, values);
  }
}
