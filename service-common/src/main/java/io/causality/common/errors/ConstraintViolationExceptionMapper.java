package io.causality.common.errors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Bean Validation failures at the resource boundary ({@code @Valid} bodies, bounded query
 * parameters) answer 400 VALIDATION_ERROR with one issue per field. A body field is named by its
 * path inside the body ({@code ticks}); a parameter by its wire name ({@code limit}). Issues come
 * in the order the body record declares its members ({@link DeclarationOrder}), then by path.
 */
@Provider
public final class ConstraintViolationExceptionMapper
    implements ExceptionMapper<ConstraintViolationException> {

  @Override
  public Response toResponse(ConstraintViolationException exception) {
    List<ValidationIssue> issues =
        exception.getConstraintViolations().stream()
            .map(v -> new RankedIssue(DeclarationOrder.rank(v), issue(v)))
            .distinct()
            .sorted(RankedIssue.ORDER)
            .map(RankedIssue::issue)
            .toList();
    String summary =
        issues.size() == 1
            ? "Invalid request: " + describe(issues.get(0))
            : "Invalid request: " + issues.size() + " fields are invalid";
    return ErrorResponses.of(
        400, ErrorCodes.VALIDATION_ERROR, summary, new ValidationDetails(issues));
  }

  /** An issue and its {@link DeclarationOrder} rank. */
  private record RankedIssue(int rank, ValidationIssue issue) {
    static final Comparator<RankedIssue> ORDER =
        Comparator.comparingInt(RankedIssue::rank)
            .thenComparing(r -> r.issue().path())
            .thenComparing(r -> r.issue().message());
  }

  private static String describe(ValidationIssue issue) {
    return issue.path().isEmpty() ? issue.message() : issue.path() + " " + issue.message();
  }

  static ValidationIssue issue(ConstraintViolation<?> violation) {
    return new ValidationIssue(path(violation), violation.getMessage());
  }

  private static String path(ConstraintViolation<?> violation) {
    StringBuilder path = new StringBuilder();
    Method method = null;
    for (Path.Node node : violation.getPropertyPath()) {
      ElementKind kind = node.getKind();
      if (kind == ElementKind.METHOD) {
        method = findMethod(violation.getRootBeanClass(), (Path.MethodNode) node).orElse(null);
      } else if (kind == ElementKind.PARAMETER) {
        int index = ((Path.ParameterNode) node).getParameterIndex();
        wireName(method, index).ifPresent(path::append);
      } else if (kind == ElementKind.PROPERTY || kind == ElementKind.CONTAINER_ELEMENT) {
        appendProperty(path, node);
      }
    }
    return path.toString();
  }

  private static void appendProperty(StringBuilder path, Path.Node node) {
    if (node.getIndex() != null) {
      path.append('[').append(node.getIndex()).append(']');
    } else if (node.getKey() != null) {
      path.append('.').append(node.getKey());
    }
    if (node.getName() == null || node.getName().startsWith("<")) {
      return;
    }
    if (path.length() > 0) {
      path.append('.');
    }
    path.append(node.getName());
  }

  private static Optional<Method> findMethod(Class<?> type, Path.MethodNode node) {
    Class<?>[] parameterTypes = node.getParameterTypes().toArray(new Class<?>[0]);
    return Arrays.stream(type.getMethods())
        .filter(m -> m.getName().equals(node.getName()))
        .filter(m -> Arrays.equals(m.getParameterTypes(), parameterTypes))
        .findFirst();
  }

  /** The name a client used: the query, path or header parameter name; empty for the body. */
  private static Optional<String> wireName(Method method, int index) {
    if (method == null) {
      return Optional.empty();
    }
    for (Annotation annotation : method.getParameterAnnotations()[index]) {
      Optional<String> name = nameOf(annotation);
      if (name.isPresent()) {
        return name;
      }
    }
    return Optional.empty();
  }

  private static Optional<String> nameOf(Annotation annotation) {
    if (annotation instanceof QueryParam q) {
      return Optional.of(q.value());
    }
    if (annotation instanceof PathParam p) {
      return Optional.of(p.value());
    }
    if (annotation instanceof HeaderParam h) {
      return Optional.of(h.value());
    }
    if (annotation instanceof FormParam f) {
      return Optional.of(f.value());
    }
    if (annotation instanceof BeanParam) {
      return Optional.empty();
    }
    return Optional.empty();
  }
}
