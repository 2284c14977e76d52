package io.causality.sim.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.openapi.DocumentOperations;
import java.util.function.Consumer;

/**
 * Gives every simulation, experiment and organization id in a path one type, a UUID: the resources
 * read them as {@code UUID}, but a path template with a pattern (the one that keeps {@code run} and
 * {@code from-domain} out of {@code /v1/simulations/{id}}) made swagger write that pattern beside
 * it, and generated clients then typed the same id as a UUID in one operation and a string in
 * another. Each also says whose id it is.
 */
final class UuidPathParameters implements Consumer<ObjectNode> {
  @Override
  public void accept(ObjectNode document) {
    DocumentOperations.forEach(
        document,
        (path, method, operation) -> {
          if (path.startsWith("/v1/simulations/")) {
            uuids(operation, "The simulation's id");
          } else if (path.startsWith("/v1/experiments/")) {
            uuids(operation, "The experiment's id");
          } else if (path.startsWith("/v1/organizations/")) {
            uuids(operation, "The organization's id");
          }
        });
  }

  private static void uuids(JsonNode operation, String description) {
    for (JsonNode parameter : operation.path("parameters")) {
      if ("path".equals(parameter.path("in").asText())) {
        ObjectNode path = (ObjectNode) parameter;
        path.putObject("schema")
            .put("type", "string")
            .put("format", "uuid")
            .put("example", "daa4cfba-ec5f-4a59-be9c-0c129d5c4026");
        if (!path.has("description")) {
          path.put("description", description);
        }
      }
    }
  }
}
