package io.causality.common.openapi;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The inner object of the error envelope, typed by its {@code code}: {@code ApiError} is {@code
 * oneOf} one schema per code that carries details ({@code ValidationError} with its issues, {@code
 * DenyCooldownError} with {@code cooldownEndsAt}, ...) and {@code PlainError} for every other code,
 * whose {@code details} is null, with {@code code} as the discriminator. Generated clients read an
 * error as the class of its code; a code added later (not in the mapping) still reads, as {@code
 * PlainError} for a client generated before it.
 *
 * <p>The alternatives exclude each other by their {@code code} alone ({@code PlainError}'s code is
 * none of the typed ones), so a JSON Schema validator that knows nothing of discriminators picks
 * exactly one, and an answer whose details the document does not type fails validation.
 */
public final class TypedErrors implements Consumer<ObjectNode> {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String SCHEMAS = "#/components/schemas/";
  private static final String PLAIN = "PlainError";

  /**
   * A code whose details have a schema of their own.
   *
   * @param code the error code ({@code DENY_COOLDOWN})
   * @param details the component schema of its details
   * @param nullable whether some answers of this code have null details
   * @param description when the code is answered
   * @param example a message of this code
   */
  public record Detailed(
      String code, String details, boolean nullable, String description, String example) {
    public Detailed {
      Objects.requireNonNull(code, "code");
      Objects.requireNonNull(details, "details");
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(example, "example");
    }

    /** The schema name: {@code DENY_COOLDOWN} is {@code DenyCooldownError}. */
    String schemaName() {
      return TypedErrors.schemaName(code);
    }
  }

  private final List<Detailed> detailed;
  private final List<String> plain;

  /**
   * @param detailed the codes with typed details
   * @param plain the service's other codes, always with null details (listed so that generators
   *     type them; any other code also reads as {@code PlainError})
   */
  public TypedErrors(List<Detailed> detailed, List<String> plain) {
    this.detailed = List.copyOf(detailed);
    this.plain = List.copyOf(plain);
  }

  @Override
  public void accept(ObjectNode document) {
    ObjectNode schemas = (ObjectNode) document.path("components").path("schemas");
    schemas.remove("ErrorDetails");
    ObjectNode apiError = NODES.objectNode();
    apiError.put(
        "description",
        "The error: code (machine-readable), message (for people), details (typed by code, "
            + "null for most codes) and requestId (the X-Request-Id of the answer). Codes are "
            + "open: a client meets a code it does not know as a PlainError.");
    ArrayNode oneOf = apiError.putArray("oneOf");
    ObjectNode discriminator = apiError.putObject("discriminator").put("propertyName", "code");
    ObjectNode mapping = discriminator.putObject("mapping");
    for (Detailed code : detailed) {
      oneOf.addObject().put("$ref", SCHEMAS + code.schemaName());
      mapping.put(code.code(), SCHEMAS + code.schemaName());
      schemas.set(code.schemaName(), typed(code));
    }
    oneOf.addObject().put("$ref", SCHEMAS + PLAIN);
    plain.forEach(code -> mapping.put(code, SCHEMAS + PLAIN));
    schemas.set(PLAIN, plainError());
    schemas.set("ApiError", apiError);
  }

  private static ObjectNode typed(Detailed code) {
    ObjectNode details = NODES.objectNode();
    if (code.nullable()) {
      ArrayNode either = details.putArray("oneOf");
      either.addObject().put("$ref", SCHEMAS + code.details());
      either.addObject().put("type", "null");
    } else {
      details.put("$ref", SCHEMAS + code.details());
    }
    ObjectNode codeSchema = NODES.objectNode().put("type", "string").put("example", code.code());
    codeSchema.putArray("enum").add(code.code());
    return error(code.description(), codeSchema, details, code.example());
  }

  private ObjectNode plainError() {
    ObjectNode codeSchema =
        NODES
            .objectNode()
            .put("type", "string")
            .put("minLength", 1)
            .put(
                "description",
                String.join(", ", plain) + ", or a code added later; never one of the typed codes")
            .put("example", plain.isEmpty() ? "INTERNAL" : plain.get(0));
    ArrayNode typedCodes = codeSchema.putObject("not").putArray("enum");
    detailed.forEach(code -> typedCodes.add(code.code()));
    ObjectNode details =
        NODES.objectNode().put("description", "Always null for these codes").putNull("const");
    return error(
        "An error whose code carries no details",
        codeSchema,
        details,
        "Missing or invalid authentication");
  }

  private static ObjectNode error(
      String description, ObjectNode code, ObjectNode details, String example) {
    ObjectNode schema = NODES.objectNode().put("type", "object").put("description", description);
    schema.putArray("required").add("code").add("message").add("details").add("requestId");
    ObjectNode properties = schema.putObject("properties");
    properties.set("code", code);
    properties.set(
        "message",
        NODES
            .objectNode()
            .put("type", "string")
            .put("description", "What went wrong, for people; may change between releases")
            .put("example", example));
    properties.set("details", details);
    properties.set(
        "requestId",
        NODES
            .objectNode()
            .put("type", "string")
            .put("description", "The answer's X-Request-Id: finds the request in the logs")
            .put("example", "6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d"));
    return schema;
  }

  /**
   * {@code VALIDATION_ERROR} is {@code ValidationError}; {@code NOT_FOUND} {@code NotFoundError}.
   */
  static String schemaName(String code) {
    StringBuilder name = new StringBuilder();
    for (String word : code.toLowerCase(Locale.ROOT).split("_")) {
      if (!word.isEmpty()) {
        name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
      }
    }
    return name.toString().endsWith("Error") ? name.toString() : name + "Error";
  }
}
