package io.causality.sim.core;

import io.causality.sim.engine.json.Num;
import io.causality.sim.engine.output.AgentSnapshot;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.StateSnapshot;
import io.causality.sim.engine.output.Step;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The trace's per-tick series as CSV ({@code GET /v1/simulations/{id}/trace} with {@code Accept:
 * text/csv}), one line per step as the replay computes it: the tick, the move, b, the agents by
 * status, the mean gamma of the live agents, the warning's kinds and the agents lost at the tick.
 * Numbers are the trace's own text (rounded to 6 decimals, docs/engine.md), so a line says what the
 * JSON trace says of the same tick.
 */
final class TraceCsv implements EngineListener {
  static final List<String> COLUMNS =
      List.of(
          "tick",
          "move",
          "b",
          "alive",
          "held",
          "straying",
          "free",
          "lost",
          "removed",
          "meanGamma",
          "warnings",
          "losses");

  private final CsvRows rows;

  TraceCsv(OutputStream out) throws IOException {
    this.rows = new CsvRows(out, COLUMNS);
  }

  @Override
  public void onStep(Step step) {
    try {
      StateSnapshot state = step.state();
      rows.start();
      rows.number("tick", Long.toString(step.tick()));
      rows.text("move", step.move());
      rows.number("b", Num.format(state.b()));
      count("alive", state.alive());
      count("held", state.held());
      count("straying", state.straying());
      count("free", state.free());
      count("lost", state.lost());
      count("removed", state.removed());
      rows.number("meanGamma", meanLiveGamma(step.agents()));
      rows.text("warnings", step.warning() == null ? "" : String.join(" ", step.warning().kinds()));
      count("losses", step.loss() == null ? 0 : step.loss().events().size());
      rows.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void finish() throws IOException {
    rows.close();
  }

  private void count(String column, int value) throws IOException {
    rows.number(column, Integer.toString(value));
  }

  /** As the console plots it: the mean over agents neither lost nor removed; empty when none. */
  private static String meanLiveGamma(List<AgentSnapshot> agents) {
    double sum = 0;
    int live = 0;
    for (AgentSnapshot agent : agents) {
      if (!"lost".equals(agent.status()) && !"removed".equals(agent.status())) {
        sum += agent.gamma();
        live++;
      }
    }
    return live == 0 ? null : Num.format(sum / live);
  }
}
