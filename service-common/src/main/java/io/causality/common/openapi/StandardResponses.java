package io.causality.common.openapi;

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
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Adds the error answers every operation of its kind gives, so that resources declare only the ones
 * particular to them (a 409 with its code, a 400 that names what is checked): 400 where there is a
 * body or a checked parameter, 401 and 403 where the operation requires one of the service's
 * authentication schemes, 404 where the path names something by id, 429 and 500 everywhere. A
 * service adds only the kinds it gives (one without rate limits gives no 429), each with its own
 * description. A response a resource declares itself is kept as written. Every error answer,
 * declared or added, is the {@link ErrorEnvelope} as JSON, whatever the operation produces when it
 * succeeds.
 *
 * <p>swagger-jaxrs2 instantiates a listener named among the resource classes by its public no-arg
 * constructor, so each service configures this one in a public subclass.
 */
public abstract class StandardResponses implements ReaderListener {
  private static final String ENVELOPE = ErrorEnvelope.class.getSimpleName();

  /** A kind of standard error answer, with where it is added. */
  public enum Kind {
    /** 400, where there is a body or a checked parameter. */
    BAD_REQUEST("400"),
    /** 401, where authentication is required. */
    UNAUTHORIZED("401"),
    /** 403, where authentication is required. */
    FORBIDDEN("403"),
    /** 404, where the path names something. */
    NOT_FOUND("404"),
    /** 429, everywhere. */
    RATE_LIMITED("429"),
    /** 500, everywhere. */
    INTERNAL("500");

    private final String status;

    Kind(String status) {
      this.status = status;
    }

    /** The status code, as OpenAPI keys responses. */
    public String status() {
      return status;
    }
  }

  private final Set<String> authenticatedSchemes;
  private final Map<Kind, String> descriptions;

  /**
   * @param authenticatedSchemes the security schemes that authenticate a caller: an operation that
   *     requires one of them may answer 401 and 403
   * @param descriptions the kinds this service gives, each with its description; a kind left out is
   *     not added
   */
  protected StandardResponses(Set<String> authenticatedSchemes, Map<Kind, String> descriptions) {
    this.authenticatedSchemes = Set.copyOf(authenticatedSchemes);
    this.descriptions = new EnumMap<>(Kind.class);
    this.descriptions.putAll(Objects.requireNonNull(descriptions, "descriptions"));
  }

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
      path.readOperations().forEach(this::complete);
    }
  }

  private void complete(Operation operation) {
    ApiResponses responses = operation.getResponses();
    if (responses == null) {
      responses = new ApiResponses();
      operation.setResponses(responses);
    }
    List<Parameter> parameters =
        operation.getParameters() == null ? List.of() : operation.getParameters();
    if (operation.getRequestBody() != null
        || parameters.stream().anyMatch(StandardResponses::checked)) {
      add(responses, Kind.BAD_REQUEST);
    }
    if (authenticated(operation)) {
      add(responses, Kind.UNAUTHORIZED);
      add(responses, Kind.FORBIDDEN);
    }
    if (parameters.stream().anyMatch(p -> "path".equals(p.getIn()))) {
      add(responses, Kind.NOT_FOUND);
    }
    add(responses, Kind.RATE_LIMITED);
    add(responses, Kind.INTERNAL);
    responses.forEach(StandardResponses::envelopeIfError);
  }

  private void add(ApiResponses responses, Kind kind) {
    String description = descriptions.get(kind);
    if (description != null) {
      responses.putIfAbsent(kind.status(), new ApiResponse().description(description));
    }
  }

  /** Whether the operation requires one of the schemes that authenticate a caller. */
  private boolean authenticated(Operation operation) {
    List<SecurityRequirement> security = operation.getSecurity();
    return security != null
        && security.stream()
            .flatMap(requirement -> requirement.keySet().stream())
            .anyMatch(authenticatedSchemes::contains);
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
