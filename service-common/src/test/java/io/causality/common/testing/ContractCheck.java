package io.causality.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Checks an answer of a running service against the service's own OpenAPI document: the operation
 * (method and path template) must list the status, and a JSON body must validate against the schema
 * the document gives for that operation, status and media type (JSON Schema 2020-12, as OpenAPI 3.1
 * says). The integration tests' shared clients pass every answer through {@link #check}, so the
 * whole suite exercises the document, and a mismatch fails the test that met it.
 *
 * <p>Answers to paths the document does not describe (an unknown path, a documentation asset) are
 * checked as error envelopes when they are errors, and otherwise left alone.
 */
public final class ContractCheck {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, ContractCheck> BY_DOCUMENT_URL = new ConcurrentHashMap<>();
  private static final SchemaRegistry SCHEMAS =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

  private final JsonNode document;
  private final List<Route> routes;
  private final Map<String, Schema> compiled = new ConcurrentHashMap<>();

  private ContractCheck(JsonNode document) {
    this.document = document;
    List<Route> list = new ArrayList<>();
    document.path("paths").fieldNames().forEachRemaining(p -> list.add(Route.of(p)));
    // The most literal template first: /v1/simulations/run before /v1/simulations/{id}.
    list.sort(Comparator.comparingInt(Route::literalLength).reversed());
    this.routes = List.copyOf(list);
  }

  /** The check of the service whose document is at {@code documentUrl}, read once. */
  public static ContractCheck of(String documentUrl) {
    return BY_DOCUMENT_URL.computeIfAbsent(documentUrl, ContractCheck::load);
  }

  /**
   * The check of the document {@code document} gives, read once per {@code key}: for a service in
   * the test's JVM, whose document is read without a request that a rate limit would count.
   */
  public static ContractCheck of(String key, Supplier<String> document) {
    return BY_DOCUMENT_URL.computeIfAbsent(key, k -> new ContractCheck(parse(document.get())));
  }

  private static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A check of a document at hand. */
  public static ContractCheck of(JsonNode document) {
    return new ContractCheck(document);
  }

  private static ContractCheck load(String url) {
    try {
      HttpResponse<String> response =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(url)).build(),
                  HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new AssertionError(url + " answered " + response.statusCode());
      }
      return new ContractCheck(JSON.readTree(response.body()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Throws an {@link AssertionError} naming every mismatch of the answer with the document. */
  public void check(String method, HttpResponse<String> response) {
    List<String> problems = problems(method, response);
    if (!problems.isEmpty()) {
      throw new AssertionError(
          "The answer to "
              + method
              + " "
              + response.uri().getRawPath()
              + " ("
              + response.statusCode()
              + ") does not match the OpenAPI document: "
              + String.join("; ", problems)
              + "\nbody: "
              + abbreviated(response.body()));
    }
  }

  /** The mismatches of an answer with the document; empty when it matches. */
  public List<String> problems(String method, HttpResponse<String> response) {
    return problems(
        method,
        response.uri().getRawPath(),
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(""),
        response.body());
  }

  /** The mismatches of an answer, given by its parts, with the document. */
  public List<String> problems(
      String method, String path, int statusCode, String contentType, String body) {
    String status = Integer.toString(statusCode);
    String type = contentType.split(";", 2)[0].trim();
    Optional<JsonNode> operation = operation(method, path);
    if (operation.isEmpty()) {
      return statusCode >= 400 && "application/json".equals(type)
          ? validate("{\"$ref\":\"#/components/schemas/ErrorEnvelope\"}", body)
          : List.of();
    }
    JsonNode answer = operation.get().path("responses").path(status);
    if (answer.isMissingNode()) {
      answer = operation.get().path("responses").path("default");
    }
    if (answer.isMissingNode()) {
      return List.of("status " + status + " is not documented");
    }
    if (!type.equals("application/json") || body.isEmpty()) {
      return List.of();
    }
    JsonNode schema = answer.path("content").path(type).path("schema");
    if (schema.isMissingNode()) {
      return List.of("no schema for " + type + " in " + status);
    }
    return validate(schema.toString(), body);
  }

  private Optional<JsonNode> operation(String method, String path) {
    for (Route route : routes) {
      if (route.pattern().matcher(path).matches()) {
        JsonNode operation =
            document.path("paths").path(route.template()).path(method.toLowerCase(Locale.ROOT));
        return operation.isMissingNode() ? Optional.empty() : Optional.of(operation);
      }
    }
    return Optional.empty();
  }

  /** The mismatches of a JSON value with a schema of the document (an example, say). */
  public List<String> schemaProblems(JsonNode schema, JsonNode value) {
    return validate(schema.toString(), value.toString());
  }

  private List<String> validate(String schema, String body) {
    Schema compiledSchema = compiled.computeIfAbsent(schema, this::compile);
    List<Error> errors = compiledSchema.validate(body, InputFormat.JSON);
    return errors.stream().map(e -> e.getInstanceLocation() + ": " + e.getMessage()).toList();
  }

  /** The response schema with the document's components beside it, so that its $refs resolve. */
  private Schema compile(String schema) {
    try {
      ObjectNode root = (ObjectNode) JSON.readTree(schema);
      root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
      root.set("components", document.path("components"));
      return SCHEMAS.getSchema(root.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String abbreviated(String body) {
    return body.length() <= 2_000 ? body : body.substring(0, 2_000) + "...";
  }

  /** A path template of the document and the paths it matches. */
  private record Route(String template, Pattern pattern, int literalLength) {
    static Route of(String template) {
      StringBuilder regex = new StringBuilder();
      int literal = 0;
      for (String part : template.split("(?=\\{)|(?<=\\})")) {
        if (part.startsWith("{")) {
          regex.append("[^/]+");
        } else {
          regex.append(Pattern.quote(part));
          literal += part.length();
        }
      }
      return new Route(template, Pattern.compile(regex.toString()), literal);
    }
  }
}
