package io.causality.hitl.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Typed reads of a JSON tree that fail with the member's dotted path and the problem. */
final class JsonReader {

  private JsonReader() {}

  static JsonNode requireObject(JsonNode parent, String field, String path) {
    return optionalObject(parent, field, path)
        .orElseThrow(() -> problem(path, "required object is missing"));
  }

  static Optional<JsonNode> optionalObject(JsonNode parent, String field, String path) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return Optional.empty();
    }
    if (!value.isObject()) {
      throw problem(path, "must be an object");
    }
    return Optional.of(value);
  }

  static String requireText(JsonNode parent, String field, String path) {
    return optionalText(parent, field, path)
        .orElseThrow(() -> problem(path, "required text is missing"));
  }

  static Optional<String> optionalText(JsonNode parent, String field, String path) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return Optional.empty();
    }
    if (!value.isTextual() || value.asText().isBlank()) {
      throw problem(path, "must be non-blank text");
    }
    return Optional.of(value.asText());
  }

  static long requirePositiveLong(JsonNode parent, String field, String path) {
    long value =
        optionalLong(parent, field, path)
            .orElseThrow(() -> problem(path, "required integer is missing"));
    if (value <= 0) {
      throw problem(path, "must be a positive integer");
    }
    return value;
  }

  static Optional<Long> optionalLong(JsonNode parent, String field, String path) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return Optional.empty();
    }
    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
      throw problem(path, "must be an integer");
    }
    return Optional.of(value.asLong());
  }

  static double requireNumber(JsonNode parent, String field, String path) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      throw problem(path, "required number is missing");
    }
    if (!value.isNumber() || !Double.isFinite(value.asDouble())) {
      throw problem(path, "must be a number");
    }
    return value.asDouble();
  }

  static boolean optionalBoolean(JsonNode parent, String field, String path, boolean fallback) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      return fallback;
    }
    if (!value.isBoolean()) {
      throw problem(path, "must be true or false");
    }
    return value.asBoolean();
  }

  static PolicyFormatException problem(String path, String message) {
    return new PolicyFormatException(path + ": " + message);
  }
}
