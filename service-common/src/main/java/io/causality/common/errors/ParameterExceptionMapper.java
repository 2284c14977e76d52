package io.causality.common.errors;

import jakarta.annotation.Priority;
import jakarta.validation.Validator;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.reflect.Method;
import java.util.Comparator;
import java.util.List;
import org.glassfish.jersey.server.ParamException;

/**
 * A path, query or header parameter that Jersey could not convert to its declared type (an id that
 * is not a UUID, {@code limit=abc}) answers 400 VALIDATION_ERROR naming the parameter, where Jersey
 * answers 404 for a path or query parameter.
 *
 * <p>Jersey stops at the first parameter it cannot convert, so the request's other parameters are
 * read again here ({@link ParameterIssues}): {@code ?limit=abc&offset=-1} names both, as it does
 * when each converts and Bean Validation finds both out of bounds.
 */
@Provider
public final class ParameterExceptionMapper implements ExceptionMapper<ParamException> {
  private final Validator validator;

  @Context private ResourceInfo resource;
  @Context private UriInfo uri;
  @Context private HttpHeaders headers;
  @Context private Configuration configuration;

  public ParameterExceptionMapper(Validator validator) {
    this.validator = validator;
  }

  @Override
  public Response toResponse(ParamException exception) {
    List<ValidationIssue> issues =
        issues(exception).stream()
            .sorted(
                Comparator.comparing(ValidationIssue::path).thenComparing(ValidationIssue::message))
            .toList();
    String summary =
        issues.size() == 1
            ? "Invalid parameter: " + issues.get(0).path() + " " + issues.get(0).message()
            : "Invalid parameters: " + issues.size() + " are invalid";
    return ErrorResponses.of(
        400, ErrorCodes.VALIDATION_ERROR, summary, new ValidationDetails(issues));
  }

  private static int priority(Object provider) {
    Priority priority = provider.getClass().getAnnotation(Priority.class);
    return priority == null ? Priorities.USER : priority.value();
  }

  private List<ValidationIssue> issues(ParamException exception) {
    String name = exception.getParameterName();
    Method method = resource == null ? null : resource.getResourceMethod();
    if (method == null) {
      return List.of(new ValidationIssue(name, ParameterIssues.NOT_VALID));
    }
    // in Jersey's order: by @Priority, so that the converter Jersey used is the one tried first
    List<ParamConverterProvider> converters =
        configuration.getInstances().stream()
            .filter(ParamConverterProvider.class::isInstance)
            .map(ParamConverterProvider.class::cast)
            .sorted(Comparator.comparingInt(ParameterExceptionMapper::priority))
            .toList();
    Object instance =
        uri.getMatchedResources().stream()
            .filter(method.getDeclaringClass()::isInstance)
            .findFirst()
            .orElse(null);
    ParameterIssues found =
        new ParameterIssues(method, converters, uri, headers).check(validator, instance);
    return found.including(name);
  }
}
