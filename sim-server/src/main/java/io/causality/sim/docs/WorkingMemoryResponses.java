package io.causality.sim.docs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.causality.common.openapi.DocumentOperations;
import java.util.function.Consumer;

/**
 * Documents the 503 of work that waited for the heap in vain (docs/operations.md, "Memory"): any
 * operation with a body (a large body waits its turn before it is read), and any on a simulation's
 * parts, which may rebuild it from what is stored. The answer carries Retry-After; a declared 503
 * (the event stream's) gets the words added.
 */
final class WorkingMemoryResponses implements Consumer<ObjectNode> {
  static final String DESCRIPTION =
      "SERVICE_UNAVAILABLE, with Retry-After: other large simulations held the memory this server"
          + " gives them for longer than simulations.workingMemoryWait";

  @Override
  public void accept(ObjectNode document) {
    DocumentOperations.forEach(
        document,
        (path, method, operation) -> {
          if (operation.has("requestBody") || path.startsWith("/v1/simulations/{id}/")) {
            busy(operation.with("responses"));
          }
        });
  }

  private static void busy(ObjectNode responses) {
    if (responses.has("503")) {
      ObjectNode declared = (ObjectNode) responses.get("503");
      declared.put("description", declared.path("description").asText() + "; " + DESCRIPTION);
    } else {
      responses
          .putObject("503")
          .put("description", DESCRIPTION)
          .putObject("content")
          .putObject("application/json")
          .putObject("schema")
          .put("$ref", "#/components/schemas/ErrorEnvelope");
    }
    ObjectNode response = (ObjectNode) responses.get("503");
    response
        .with("headers")
        .putObject("Retry-After")
        .put("$ref", "#/components/headers/RetryAfter");
  }
}
