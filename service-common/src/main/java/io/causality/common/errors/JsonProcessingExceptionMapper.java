package io.causality.common.errors;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.List;

/**
 * Malformed JSON and bodies of the wrong shape answer 400 VALIDATION_ERROR with the path of the
 * offending field. Jackson's own messages name Java classes, so they are never echoed.
 */
@Provider
public final class JsonProcessingExceptionMapper
    implements ExceptionMapper<JsonProcessingException> {

  @Override
  public Response toResponse(JsonProcessingException exception) {
    if (exception instanceof JsonParseException || !(exception instanceof JsonMappingException)) {
      return malformed();
    }
    JsonMappingException mapping = (JsonMappingException) exception;
    String path = JsonPaths.of(mapping.getPath());
    String problem = problem(mapping);
    String subject = path.isEmpty() ? "The request body" : path;
    return ErrorResponses.of(
        400,
        ErrorCodes.VALIDATION_ERROR,
        "Invalid request: " + subject + " " + problem,
        new ValidationDetails(List.of(new ValidationIssue(path, problem))));
  }

  private static Response malformed() {
    return ErrorResponses.of(
        400,
        ErrorCodes.VALIDATION_ERROR,
        "The request body is not well-formed JSON",
        new ValidationDetails(List.of(new ValidationIssue("", "malformed JSON"))));
  }

  private static String problem(JsonMappingException e) {
    if (e instanceof UnrecognizedPropertyException) {
      return "is not a known field";
    }
    if (e instanceof InvalidFormatException format) {
      return "must be " + JsonPaths.describe(format.getTargetType());
    }
    if (e instanceof InvalidTypeIdException) {
      return "has an unknown type";
    }
    if (e instanceof MismatchedInputException mismatched && mismatched.getTargetType() != null) {
      return "must be " + JsonPaths.describe(mismatched.getTargetType());
    }
    if (e instanceof ValueInstantiationException) {
      return "is not a valid value";
    }
    return "has an invalid value";
  }
}
