package io.causality.sim.core.experiments;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.db.ExperimentWrites;

/**
 * The events an experiment's changes leave for its stream (docs/experiments.md, "Events"): {@code
 * experiment:status} {@code {status, previous, reason}} and {@code progress} {@code {done, running,
 * failed, total}}.
 */
public final class ExperimentEvents {
  public static final String STATUS = "experiment:status";
  public static final String PROGRESS = "progress";

  private static final ObjectMapper JSON = new ObjectMapper();

  private ExperimentEvents() {}

  static String status(ExperimentStatus status, ExperimentStatus previous, String reason) {
    ObjectNode data = JSON.createObjectNode();
    data.put("status", status.wireName());
    data.put("previous", previous == null ? null : previous.wireName());
    data.put("reason", reason);
    return write(data);
  }

  static String progress(int done, int running, int failed, int total) {
    ObjectNode data = JSON.createObjectNode();
    data.put("done", done);
    data.put("running", running);
    data.put("failed", failed);
    data.put("total", total);
    return write(data);
  }

  /** The progress event of a stored chunk; {@code running} counts the runs held by workers. */
  static ExperimentWrites.Progress progressAfterChunk(int running) {
    return new ExperimentWrites.Progress() {
      @Override
      public String name() {
        return PROGRESS;
      }

      @Override
      public String data(ExperimentWrites.Counters c) {
        return progress(c.done(), running, c.failed(), c.total());
      }
    };
  }

  private static String write(ObjectNode data) {
    try {
      return JSON.writeValueAsString(data);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
