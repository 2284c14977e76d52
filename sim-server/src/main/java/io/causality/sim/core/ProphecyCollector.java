package io.causality.sim.core;

import io.causality.sim.api.RawJson;
import io.causality.sim.db.ProphecyRow;
import io.causality.sim.engine.output.EngineEvent;
import io.causality.sim.engine.output.EngineListener;
import io.causality.sim.engine.output.Prophecy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Keeps the prophecies a run of ticks published, to store them with the progress. */
final class ProphecyCollector implements EngineListener {
  private final UUID simulationId;
  private final Instant now;
  private final List<ProphecyRow> rows = new ArrayList<>();

  ProphecyCollector(UUID simulationId, Instant now) {
    this.simulationId = simulationId;
    this.now = now;
  }

  @Override
  public boolean wantsSteps() {
    return false;
  }

  @Override
  public void onEvent(EngineEvent event) {
    if (event instanceof Prophecy prophecy) {
      rows.add(
          new ProphecyRow(
              UUID.randomUUID(),
              simulationId,
              prophecy.seq(),
              prophecy.tick(),
              RawJson.of(prophecy::writeJson).json(),
              now));
    }
  }

  List<ProphecyRow> rows() {
    return rows;
  }
}
