package io.causality.common.errors;

import com.fasterxml.jackson.databind.JsonMappingException.Reference;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/** Dotted paths ({@code scenario.agents[0].marker.x}) and plain type names for messages. */
public final class JsonPaths {
  private JsonPaths() {}

  public static String of(List<Reference> references) {
    StringBuilder path = new StringBuilder();
    for (Reference reference : references) {
      if (reference.getFieldName() != null) {
        if (path.length() > 0) {
          path.append('.');
        }
        path.append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  /** A client-facing name for the Java type a value should have had. */
  public static String describe(Class<?> type) {
    if (type == null) {
      return "a valid value";
    }
    if (Number.class.isAssignableFrom(type) || isPrimitiveNumber(type)) {
      return isIntegral(type) ? "an integer" : "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "a boolean";
    }
    if (type == String.class || type.isEnum() || type == java.util.UUID.class) {
      return type == java.util.UUID.class ? "a UUID string" : "a string";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "an array";
    }
    if (Map.class.isAssignableFrom(type)) {
      return "an object";
    }
    return "an object";
  }

  private static boolean isPrimitiveNumber(Class<?> type) {
    return type.isPrimitive() && type != boolean.class && type != char.class;
  }

  private static boolean isIntegral(Class<?> type) {
    return type == int.class
        || type == long.class
        || type == short.class
        || type == Integer.class
        || type == Long.class
        || type == Short.class;
  }
}
