package io.causality.common.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Hand-written parts of a document, merged into what swagger read: the schemas of JSON that no Java
 * type describes (what the engine writes itself), and what annotations cannot say about the
 * generated schemas (nullable members, required members, enums of text fields, examples).
 *
 * <p>The overlay is a JSON object of five optional members: {@code rename} (component schema name
 * to new name; every {@code $ref} follows), then {@code document} (merged into the document),
 * {@code operations} ({@code "METHOD /path"} to what is merged into that operation), {@code
 * parameters} ({@code "METHOD /path name"} to the schema that replaces that parameter's, so that a
 * query parameter may name an enum of the components) and {@code examples} ({@code "Schema.member"}
 * to the example of that member of a component schema; a member that does not exist is an error, so
 * that examples follow the schemas they describe). Merging: an object member merges into the object
 * of the same name, except that an overlay object holding {@code $ref} (or {@code "x-replace":
 * true}, which is dropped) replaces it; anything else replaces; {@code null} removes the member.
 */
public final class JsonOverlay implements Consumer<ObjectNode> {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SCHEMAS = "#/components/schemas/";

  private final JsonNode overlay;

  private JsonOverlay(JsonNode overlay) {
    this.overlay = overlay;
  }

  /** The overlay in a classpath resource next to {@code owner}. */
  public static JsonOverlay fromResource(Class<?> owner, String name) {
    try (InputStream in = owner.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("No OpenAPI overlay " + name + " beside " + owner);
      }
      return new JsonOverlay(JSON.readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The overlay in a file. */
  static JsonOverlay fromFile(Path file) {
    try (InputStream in = Files.newInputStream(file)) {
      return new JsonOverlay(JSON.readTree(in));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void accept(ObjectNode document) {
    overlay.path("rename").fields().forEachRemaining(e -> rename(document, e));
    if (overlay.has("document")) {
      merge(document, overlay.get("document"));
    }
    overlay.path("operations").fields().forEachRemaining(e -> mergeOperation(document, e));
    overlay.path("parameters").fields().forEachRemaining(e -> parameterSchema(document, e));
    overlay.path("examples").fields().forEachRemaining(e -> example(document, e));
  }

  /** {@code "Schema.member"}: the example of that member of a component schema. */
  private static void example(ObjectNode document, Map.Entry<String, JsonNode> entry) {
    String[] key = entry.getKey().split("\\.", 2);
    JsonNode member =
        document.path("components").path("schemas").path(key[0]).path("properties").path(key[1]);
    if (!member.isObject()) {
      throw new IllegalStateException("The overlay's example names no member " + entry.getKey());
    }
    ((ObjectNode) member).set("example", entry.getValue().deepCopy());
  }

  /** {@code "GET /path name"}: the schema of that operation's parameter, replaced. */
  private static void parameterSchema(ObjectNode document, Map.Entry<String, JsonNode> entry) {
    String[] key = entry.getKey().split(" ", 3);
    JsonNode operation = document.path("paths").path(key[1]).path(key[0].toLowerCase());
    for (JsonNode parameter : operation.path("parameters")) {
      if (key[2].equals(parameter.path("name").asText())) {
        ((ObjectNode) parameter).set("schema", stripped(entry.getValue()));
        return;
      }
    }
    throw new IllegalStateException("The overlay names no parameter " + entry.getKey());
  }

  private static void mergeOperation(ObjectNode document, Map.Entry<String, JsonNode> entry) {
    String[] key = entry.getKey().split(" ", 2);
    JsonNode operation = document.path("paths").path(key[1]).path(key[0].toLowerCase());
    if (!operation.isObject()) {
      throw new IllegalStateException("The overlay names no operation " + entry.getKey());
    }
    merge((ObjectNode) operation, entry.getValue());
  }

  /** Merges {@code source} into {@code target} as the class comment says. */
  static void merge(ObjectNode target, JsonNode source) {
    source
        .fields()
        .forEachRemaining(
            member -> {
              String name = member.getKey();
              JsonNode value = member.getValue();
              JsonNode existing = target.get(name);
              if (value.isNull()) {
                target.remove(name);
              } else if (value.isObject()
                  && existing != null
                  && existing.isObject()
                  && !whole(value)) {
                merge((ObjectNode) existing, value);
              } else {
                target.set(name, stripped(value));
              }
            });
  }

  private static boolean whole(JsonNode value) {
    return value.has("$ref") || value.path("x-replace").asBoolean(false);
  }

  private static JsonNode stripped(JsonNode value) {
    if (value.isObject() && value.has("x-replace")) {
      ObjectNode copy = ((ObjectNode) value).deepCopy();
      copy.remove("x-replace");
      return copy;
    }
    return value.deepCopy();
  }

  private static void rename(ObjectNode document, Map.Entry<String, JsonNode> entry) {
    JsonNode schemas = document.path("components").path("schemas");
    String from = entry.getKey();
    String to = entry.getValue().asText();
    if (!schemas.has(from)) {
      throw new IllegalStateException("The overlay renames no schema " + from);
    }
    ((ObjectNode) schemas).set(to, ((ObjectNode) schemas).remove(from));
    replaceRefs(document, SCHEMAS + from, SCHEMAS + to);
  }

  private static void replaceRefs(JsonNode node, String from, String to) {
    if (node.isObject()) {
      ObjectNode object = (ObjectNode) node;
      if (from.equals(object.path("$ref").asText(null))) {
        object.put("$ref", to);
      }
      List<JsonNode> children = new ArrayList<>();
      object.elements().forEachRemaining(children::add);
      children.forEach(child -> replaceRefs(child, from, to));
    } else if (node.isArray()) {
      for (Iterator<JsonNode> it = node.elements(); it.hasNext(); ) {
        replaceRefs(it.next(), from, to);
      }
    }
  }
}
