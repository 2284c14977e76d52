package io.causality.hitl.protocol.policy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.causality.hitl.protocol.wire.ProtocolJson;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Reads policy file text into {@link PolicyFileJson}: JSON syntax, then the members' JSON types
 * (Jackson, which stops at the first member of another type), then every constraint and rule at
 * once. Each problem is a {@code path: problem} line; all of them, in path order, make the one-line
 * message of the {@link PolicyFormatException}.
 */
final class PolicyFileReader {
  /** The wire contract's mapper, private to this class so that nobody reconfigures it. */
  private static final ObjectMapper JSON = ProtocolJson.newMapper();

  /** Takes each JSON type for itself: no text as a number, no number as text or a boolean. */
  private static final ObjectMapper STRICT = strictMapper();

  private PolicyFileReader() {}

  /** The file's JSON tree; a syntax error names the line and column. */
  static JsonNode readTree(String text) {
    try {
      JsonNode root = JSON.readTree(text);
      if (root == null || root.isMissingNode()) {
        throw problem("(root): the file is empty");
      }
      if (!root.isObject()) {
        throw problem("(root): must be a JSON object with a \"policy\" member");
      }
      return root;
    } catch (JsonProcessingException e) {
      var where = e.getLocation();
      String at =
          where == null ? "" : " at line " + where.getLineNr() + " column " + where.getColumnNr();
      throw new PolicyFormatException("not valid JSON" + at + ": " + e.getOriginalMessage(), e);
    }
  }

  /** The typed file, whose shape and rules hold. */
  static PolicyFileJson read(JsonNode root, Validator validator) {
    PolicyFileJson file = map(root);
    List<String> problems = new ArrayList<>();
    for (ConstraintViolation<PolicyFileJson> violation : validator.validate(file)) {
      problems.add(path(violation.getPropertyPath()) + ": " + violation.getMessage());
    }
    PolicyRules.check(file, problems::add);
    if (!problems.isEmpty()) {
      throw problem(String.join("; ", problems.stream().distinct().sorted().toList()));
    }
    return file;
  }

  private static PolicyFileJson map(JsonNode root) {
    try {
      return STRICT.treeToValue(root, PolicyFileJson.class);
    } catch (JsonMappingException e) {
      throw new PolicyFormatException(path(e.getPath()) + ": " + expected(e), e);
    } catch (JsonProcessingException e) {
      throw new PolicyFormatException("not a policy file: " + e.getOriginalMessage(), e);
    }
  }

  /** What the member should have been, from the Java type Jackson could not read it as. */
  private static String expected(JsonMappingException e) {
    Class<?> type = targetType(e);
    if (type == null) {
      return "unreadable: " + e.getOriginalMessage();
    }
    if (type == Long.class || type == long.class) {
      return "must be an integer";
    }
    if (type == Double.class || type == double.class) {
      return "must be a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "must be true or false";
    }
    if (type == String.class) {
      return PolicyFileJson.BLANK;
    }
    if (Collection.class.isAssignableFrom(type)) {
      return "must be an array";
    }
    return "must be an object";
  }

  /** The Java type Jackson was reading; a number out of range is wrapped with its path. */
  private static Class<?> targetType(JsonMappingException e) {
    if (e instanceof MismatchedInputException mismatch) {
      return mismatch.getTargetType();
    }
    if (e.getCause() instanceof InputCoercionException outOfRange) {
      return outOfRange.getTargetType();
    }
    return null;
  }

  private static String path(List<JsonMappingException.Reference> references) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference reference : references) {
      if (reference.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.length() == 0 ? "(root)" : path.toString();
  }

  private static String path(Path propertyPath) {
    StringBuilder path = new StringBuilder();
    for (Path.Node node : propertyPath) {
      if (node.getIndex() != null) {
        path.append('[').append(node.getIndex()).append(']');
      }
      if (node.getName() != null && !node.getName().startsWith("<")) {
        path.append(path.length() == 0 ? "" : ".").append(node.getName());
      }
    }
    return path.toString();
  }

  private static PolicyFormatException problem(String message) {
    return new PolicyFormatException(message);
  }

  private static ObjectMapper strictMapper() {
    ObjectMapper mapper =
        JsonMapper.builder()
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    mapper
        .coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    return mapper;
  }
}
