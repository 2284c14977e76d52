package io.causality.sim.docs;

import io.causality.common.errors.ErrorEnvelope;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.jaxrs2.ReaderListener;
import io.swagger.v3.oas.integration.api.OpenApiReader;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Adds the error answers every operation of its kind gives, so that resources declare only the ones
 * particular to them (409 CONFLICT, 503 EVALUATION_DISABLED, a 404 that names what is missing): 400
 * where there is a body or a checked parameter, 401 and 403 where authentication is required, 404
 * where the path names something by id, 429 and 500 everywhere. A response a resource declares
 * itself is kept as written. Every error answer, declared or added, is the {@link ErrorEnvelope} as
 * JSON, whatever the operation produces when it succeeds.
 */
public final class StandardResponses implements ReaderListener {
  static final String BAD_REQUEST =
      "Invalid request: VALIDATION_ERROR with one issue per bad field or parameter";
  static final String UNAUTHORIZED =
      "Missing or invalid authentication, or a simulation of another organization";
  static final String FORBIDDEN =
      "The API key lacks the scope, or the caller may not act for the organization";
  static final String NOT_FOUND = "Nothing with the id in the path";
  static final String RATE_LIMITED =
      "Rate limited (RATE_LIMITED, with Retry-After): per organization, or per client address "
          + "for the public operations";
  static final String INTERNAL = "An internal error (INTERNAL); the requestId finds it in the log";

  private static final String ENVELOPE = ErrorEnvelope.class.getSimpleName();

  @Override
  public void beforeScan(OpenApiReader reader, OpenAPI openApi) {
    // Nothing to prepare: the responses are added once every operation is read.
  }

  @Override
  public void afterScan(OpenApiReader reader, OpenAPI openApi) {
    if (openApi.getPaths() == null) {
      return;
    }
    registerEnvelope(openApi);
    for (PathItem path : openApi.getPaths().values()) {
      path.readOperations().forEach(StandardResponses::complete);
    }
  }

  private static void complete(Operation operation) {
    ApiResponses responses = operation.getResponses();
    if (responses == null) {
      responses = new ApiResponses();
      operation.setResponses(responses);
    }
    List<Parameter> parameters =
        operation.getParameters() == null ? List.of() : operation.getParameters();
    if (operation.getRequestBody() != null
        || parameters.stream().anyMatch(StandardResponses::checked)) {
      responses.putIfAbsent("400", new ApiResponse().description(BAD_REQUEST));
    }
    if (operation.getSecurity() != null && !operation.getSecurity().isEmpty()) {
      responses.putIfAbsent("401", new ApiResponse().description(UNAUTHORIZED));
      responses.putIfAbsent("403", new ApiResponse().description(FORBIDDEN));
    }
    if (parameters.stream().anyMatch(p -> "path".equals(p.getIn()))) {
      responses.putIfAbsent("404", new ApiResponse().description(NOT_FOUND));
    }
    responses.putIfAbsent("429", new ApiResponse().description(RATE_LIMITED));
    responses.putIfAbsent("500", new ApiResponse().description(INTERNAL));
    responses.forEach(StandardResponses::envelopeIfError);
  }

  /** A parameter the server checks: anything but free text. */
  private static boolean checked(Parameter parameter) {
    Schema<?> schema = parameter.getSchema();
    if (schema == null) {
      return false;
    }
    boolean text =
        "string".equals(schema.getType())
            || (schema.getTypes() != null && schema.getTypes().equals(Set.of("string")));
    return !text
        || schema.getFormat() != null
        || schema.getPattern() != null
        || schema.getEnum() != null
        || schema.get$ref() != null;
  }

  private static void envelopeIfError(String status, ApiResponse response) {
    boolean error = status.length() == 3 && status.charAt(0) >= '4';
    boolean described = response.getContent() != null && !response.getContent().isEmpty();
    if (error && !described) {
      Schema<?> envelope = new Schema<>().$ref("#/components/schemas/" + ENVELOPE);
      response.setContent(
          new Content()
              .addMediaType(
                  jakarta.ws.rs.core.MediaType.APPLICATION_JSON, new MediaType().schema(envelope)));
    }
  }

  private static void registerEnvelope(OpenAPI openApi) {
    if (openApi.getComponents() == null) {
      openApi.setComponents(new Components());
    }
    Map<String, Schema> schemas = ModelConverters.getInstance(true).readAll(ErrorEnvelope.class);
    schemas.forEach(openApi.getComponents()::addSchemas);
  }
}
