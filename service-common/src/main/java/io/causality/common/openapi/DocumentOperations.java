package io.causality.common.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Walks an OpenAPI document's operations, as the passes that complete the document do. */
public final class DocumentOperations {
  private DocumentOperations() {}

  /** What a pass does to one operation, {@code GET} of {@code /v1/simulations/{id}}. */
  @FunctionalInterface
  public interface Visitor {
    void visit(String path, String method, ObjectNode operation);
  }

  /** Visits every operation of every path, in the document's order. */
  public static void forEach(JsonNode document, Visitor visitor) {
    document
        .path("paths")
        .fields()
        .forEachRemaining(
            path ->
                path.getValue()
                    .fields()
                    .forEachRemaining(
                        member -> {
                          if (member.getValue().isObject()) {
                            visitor.visit(
                                path.getKey(), member.getKey(), (ObjectNode) member.getValue());
                          }
                        }));
  }
}
