package io.causality.common.errors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Every problem with the path, query and header parameters of one request to one resource method:
 * each is converted as Jersey converts it (the registered converters, then the type's own {@code
 * valueOf} or {@code fromString}) and the ones that convert are checked against their Bean
 * Validation constraints. Used once Jersey has given up on one of them, to name all the others.
 */
final class ParameterIssues {
  static final String NOT_VALID = "is not valid";
  private static final Map<Class<?>, Class<?>> BOXES =
      Map.of(
          int.class, Integer.class,
          long.class, Long.class,
          short.class, Short.class,
          byte.class, Byte.class,
          boolean.class, Boolean.class,
          double.class, Double.class,
          float.class, Float.class);
  private static final Set<Class<?>> INTEGERS =
      Set.of(Integer.class, Long.class, Short.class, Byte.class);

  private final Method method;
  private final List<ParamConverterProvider> converters;
  private final UriInfo uri;
  private final HttpHeaders headers;
  private final List<ValidationIssue> issues = new ArrayList<>();

  ParameterIssues(
      Method method, List<ParamConverterProvider> converters, UriInfo uri, HttpHeaders headers) {
    this.method = method;
    this.converters = converters;
    this.uri = uri;
    this.headers = headers;
  }

  /** Converts every parameter and validates those that convert (when the resource is known). */
  ParameterIssues check(Validator validator, Object resource) {
    Parameter[] parameters = method.getParameters();
    Object[] values = new Object[parameters.length];
    for (int i = 0; i < parameters.length; i++) {
      String name = wireName(parameters[i]);
      if (name != null) {
        try {
          values[i] = convert(parameters[i], raw(parameters[i], name));
        } catch (ReflectiveOperationException | RuntimeException e) {
          issues.add(new ValidationIssue(name, problem(parameters[i], e)));
        }
      }
    }
    if (resource != null) {
      for (ConstraintViolation<Object> violation :
          validator.forExecutables().validateParameters(resource, method, values)) {
        parameterIndex(violation)
            .filter(i -> wireName(parameters[i]) != null && values[i] != null)
            .ifPresent(i -> issues.add(ConstraintViolationExceptionMapper.issue(violation)));
      }
    }
    return this;
  }

  /** The issues found, with one for {@code name} when the checks here did not find one. */
  List<ValidationIssue> including(String name) {
    List<ValidationIssue> all = new ArrayList<>(issues);
    if (all.stream().noneMatch(issue -> issue.path().equals(name))) {
      all.add(new ValidationIssue(name, NOT_VALID));
    }
    return all.stream().distinct().toList();
  }

  private String raw(Parameter parameter, String name) {
    String value =
        parameter.isAnnotationPresent(QueryParam.class)
            ? uri.getQueryParameters().getFirst(name)
            : parameter.isAnnotationPresent(PathParam.class)
                ? uri.getPathParameters().getFirst(name)
                : headers.getHeaderString(name);
    DefaultValue fallback = parameter.getAnnotation(DefaultValue.class);
    if ((value == null || value.isBlank()) && fallback != null) {
      return fallback.value();
    }
    return value;
  }

  private Object convert(Parameter parameter, String text) throws ReflectiveOperationException {
    if (text == null || text.isEmpty()) {
      return null;
    }
    Class<?> type = BOXES.getOrDefault(parameter.getType(), parameter.getType());
    for (ParamConverterProvider provider : converters) {
      ParamConverter<?> converter =
          provider.getConverter(type, parameter.getParameterizedType(), parameter.getAnnotations());
      if (converter != null) {
        return converter.fromString(text);
      }
    }
    if (type == String.class) {
      return text;
    }
    Method factory = factory(type);
    if (factory == null) {
      return null; // a type Jersey reads some other way: not checked here
    }
    try {
      return factory.invoke(null, BOXES.containsValue(type) ? text.strip() : text);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** {@code fromString} for an enum, else {@code valueOf} before {@code fromString}, as JAX-RS. */
  private static Method factory(Class<?> type) {
    List<String> names =
        type.isEnum() ? List.of("fromString", "valueOf") : List.of("valueOf", "fromString");
    for (String name : names) {
      try {
        Method candidate = type.getMethod(name, String.class);
        if (Modifier.isStatic(candidate.getModifiers())) {
          return candidate;
        }
      } catch (NoSuchMethodException e) {
        // try the next name
      }
    }
    return null;
  }

  private static String problem(Parameter parameter, Exception failure) {
    Class<?> type = BOXES.getOrDefault(parameter.getType(), parameter.getType());
    if (INTEGERS.contains(type)) {
      return integerProblem(parameter);
    }
    if (type == UUID.class) {
      return "must be a UUID";
    }
    if (type.isEnum()) {
      return "must be one of "
          + Arrays.stream(type.getEnumConstants())
              .map(Object::toString)
              .collect(Collectors.joining(", "));
    }
    Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
    return cause instanceof IllegalArgumentException && cause.getMessage() != null
        ? cause.getMessage()
        : NOT_VALID;
  }

  private static String integerProblem(Parameter parameter) {
    Min min = parameter.getAnnotation(Min.class);
    Max max = parameter.getAnnotation(Max.class);
    if (min != null && max != null) {
      return "must be an integer from " + min.value() + " to " + max.value();
    }
    if (min != null) {
      return "must be an integer of at least " + min.value();
    }
    return max != null ? "must be an integer of at most " + max.value() : "must be an integer";
  }

  private static Optional<Integer> parameterIndex(ConstraintViolation<?> violation) {
    for (Path.Node node : violation.getPropertyPath()) {
      if (node.getKind() == ElementKind.PARAMETER) {
        return Optional.of(((Path.ParameterNode) node).getParameterIndex());
      }
    }
    return Optional.empty();
  }

  /** The name a client uses for a path, query or header parameter; null for anything else. */
  private static String wireName(Parameter parameter) {
    QueryParam query = parameter.getAnnotation(QueryParam.class);
    if (query != null) {
      return query.value();
    }
    PathParam path = parameter.getAnnotation(PathParam.class);
    if (path != null) {
      return path.value();
    }
    HeaderParam header = parameter.getAnnotation(HeaderParam.class);
    return header == null ? null : header.value();
  }
}
