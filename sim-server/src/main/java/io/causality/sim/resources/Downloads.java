package io.causality.sim.resources;

import io.causality.sim.api.MediaTypes;
import jakarta.ws.rs.core.Response;
import java.util.UUID;

/** CSV answers as files: a browser or {@code curl -OJ} saves them under a telling name. */
final class Downloads {
  private Downloads() {}

  /** {@code simulation-<id>-<what>.csv}, with the CSV content type. */
  static Response csv(Response.ResponseBuilder answer, UUID simulationId, String what) {
    return answer
        .type(MediaTypes.CSV_ANSWER)
        .header(
            "Content-Disposition",
            "attachment; filename=\"simulation-" + simulationId + "-" + what + ".csv\"")
        .build();
  }
}
