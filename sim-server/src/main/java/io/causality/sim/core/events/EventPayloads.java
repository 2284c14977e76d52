package io.causality.sim.core.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.sim.db.InputRow;
import io.causality.sim.db.StatusChangeRow;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * The data of the events the service writes itself (docs/simulations.md); the engine writes the
 * others ({@code tick}, {@code loss}, {@code warning}, {@code paradox}, {@code prophecy}).
 * Everything comes from stored rows, so a replay writes the same bytes as the live stream.
 */
public final class EventPayloads {
  public static final String STATUS = "simulation:status";
  static final String SUBMITTED = "submitted";
  static final String APPLIED = "applied";

  private static final ObjectMapper JSON = new ObjectMapper();

  private EventPayloads() {}

  /**
   * A {@code decree} or {@code policy} event: {@code {"phase","id","simulationId","tick",...,
   * "createdAt"}} where the middle fields are the stored input's ({@code type} and {@code payload}
   * of a decree; {@code agentId}, {@code lambda}, {@code gamma} of a policy).
   */
  static String input(String phase, InputRow row) {
    ObjectNode data = JSON.createObjectNode();
    data.put("phase", phase);
    data.put("id", row.id().toString());
    data.put("simulationId", row.simulationId().toString());
    Iterator<Map.Entry<String, JsonNode>> fields = read(row.inputJson()).fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (!field.getKey().equals("kind")) {
        data.set(field.getKey(), field.getValue());
      }
    }
    data.put("createdAt", row.createdAt().toString());
    return data.toString();
  }

  /**
   * A {@code simulation:status} event: {@code {"status","previous","tick","reason","speed",
   * "createdAt"}}; {@code tick} is the last tick computed (-1 before the first), as in a state.
   */
  public static String status(StatusChangeRow row) {
    ObjectNode data = JSON.createObjectNode();
    data.put("status", row.status());
    data.put("previous", row.previous());
    data.put("tick", row.tick() - 1);
    data.put("reason", row.reason());
    data.put("speed", row.speed());
    data.put("createdAt", row.createdAt().toString());
    return data.toString();
  }

  private static JsonNode read(String json) {
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
