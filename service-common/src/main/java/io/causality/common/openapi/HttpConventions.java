package io.causality.common.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What the HTTP plumbing of a service adds to its operations, written into the document where the
 * resources cannot say it: the {@code X-Request-Id} request parameter and response header of every
 * operation; the rate-limit headers, and {@code Retry-After} on the 429, of the rate-limited ones;
 * the {@code Idempotency-Key} parameter, the {@code Idempotency-Replayed} header and the 409 codes
 * of the idempotent ones; 413 where there is a body. It also removes what the document must not
 * carry: content negotiation weights ({@code ;qs=0.5}) in media types, and {@code minLength: 0} on
 * strings (a required string gets {@code minLength: 1}, as Bean Validation refuses a blank one).
 *
 * <p>The headers and parameters are components ({@code #/components/headers/XRequestId}, ...), so
 * that an overlay may name them too (the {@code Location} of a 201).
 */
public final class HttpConventions implements Consumer<ObjectNode> {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String HEADERS = "#/components/headers/";
  private static final String PARAMETERS = "#/components/parameters/";
  private static final List<String> RATE_HEADERS =
      List.of("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");

  private final Predicate<String> rateLimited;
  private final Predicate<String> idempotent;
  private final RateLimitDocs rateLimits;
  private final String realm;

  /**
   * @param rateLimited whether the operation ({@code "POST /v1/simulations"}) is rate limited
   * @param idempotent whether it honours {@code Idempotency-Key}
   * @param rateLimits the words of the rate-limit headers, and the answers that carry them
   * @param realm the realm of the {@code WWW-Authenticate} challenge every 401 carries
   */
  public HttpConventions(
      Predicate<String> rateLimited,
      Predicate<String> idempotent,
      RateLimitDocs rateLimits,
      String realm) {
    this.rateLimited = rateLimited;
    this.idempotent = idempotent;
    this.rateLimits = Objects.requireNonNull(rateLimits, "rateLimits");
    this.realm = Objects.requireNonNull(realm, "realm");
  }

  @Override
  public void accept(ObjectNode document) {
    ObjectNode components = object(document, "components");
    components.set("headers", headers(rateLimits, realm));
    components.set("parameters", parameters());
    DocumentOperations.forEach(
        document,
        (path, method, operation) ->
            complete(method.toUpperCase(java.util.Locale.ROOT) + " " + path, operation));
    strings(components.path("schemas"));
    dropUnused(document, components);
    document.path("paths").forEach(HttpConventions::methodsInOrder);
  }

  /** The order in which a path's operations are listed: the order most tools and linters use. */
  static final List<String> METHOD_ORDER =
      List.of("get", "head", "post", "put", "patch", "delete", "options", "trace");

  /**
   * Lists a path's operations in {@link #METHOD_ORDER} (a sorted document lists them
   * alphabetically, DELETE before GET), anything else (path-level parameters) after them.
   */
  private static void methodsInOrder(JsonNode pathItem) {
    ObjectNode item = (ObjectNode) pathItem;
    Map<String, JsonNode> members = new java.util.LinkedHashMap<>();
    item.fields().forEachRemaining(e -> members.put(e.getKey(), e.getValue()));
    item.removeAll();
    METHOD_ORDER.stream().filter(members::containsKey).forEach(m -> item.set(m, members.remove(m)));
    members.forEach(item::set);
  }

  private void complete(String name, ObjectNode operation) {
    List<String> parameters = new ArrayList<>(List.of("XRequestId"));
    if (idempotent.test(name)) {
      parameters.add("IdempotencyKey");
    }
    var list = operation.withArray("parameters");
    parameters.forEach(p -> list.add(NODES.objectNode().put("$ref", PARAMETERS + p)));
    ObjectNode responses = object(operation, "responses");
    if (operation.has("requestBody")) {
      error(responses, "413", "PAYLOAD_TOO_LARGE: the body is over the server's limit");
      error(responses, "415", "UNSUPPORTED_MEDIA_TYPE: the body is not sent as application/json");
    }
    error(responses, "406", "NOT_ACCEPTABLE: the Accept header allows none of the answer's types");
    if (idempotent.test(name)) {
      error(
          responses,
          "409",
          "IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with another body; "
              + "IDEMPOTENCY_KEY_IN_USE: a request with this key is still running; "
              + "IDEMPOTENCY_REPLAY_UNAVAILABLE: its answer was not stored");
    }
    responses.fields().forEachRemaining(r -> headers(name, r.getKey(), (ObjectNode) r.getValue()));
    sort(responses);
    stripWeights(operation);
    textExamples(operation);
  }

  /** Responses in the order of their status, as swagger sorts what it writes itself. */
  private static void sort(ObjectNode responses) {
    Map<String, JsonNode> sorted = new TreeMap<>();
    responses.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue()));
    responses.removeAll();
    responses.setAll(sorted);
  }

  /**
   * An example of a text parameter is text (swagger writes {@code example = "41"} as a number), and
   * {@code minLength: 0} says nothing.
   */
  private static void textExamples(JsonNode operation) {
    for (JsonNode parameter : operation.path("parameters")) {
      JsonNode schema = parameter.path("schema");
      if (schema.path("minLength").isInt() && schema.get("minLength").asInt() == 0) {
        ((ObjectNode) schema).remove("minLength");
      }
      if ("string".equals(schema.path("type").asText())
          && schema.has("example")
          && !schema.get("example").isTextual()) {
        ((ObjectNode) schema).put("example", schema.get("example").asText());
      }
    }
  }

  /** Keeps only the headers and parameters some operation uses. */
  private static void dropUnused(ObjectNode document, ObjectNode components) {
    String text = document.get("paths").toString();
    for (String kind : List.of("headers", "parameters")) {
      ObjectNode defined = (ObjectNode) components.get(kind);
      List<String> names = new ArrayList<>();
      defined.fieldNames().forEachRemaining(names::add);
      names.stream()
          .filter(n -> !text.contains("\"#/components/" + kind + "/" + n + "\""))
          .forEach(defined::remove);
    }
  }

  private void headers(String name, String status, ObjectNode response) {
    ObjectNode headers = object(response, "headers");
    headers.set("X-Request-Id", ref(HEADERS + "XRequestId"));
    boolean success = status.startsWith("2");
    boolean limited = rateLimited.test(name);
    if (limited && ("429".equals(status) || rateLimits.statuses().test(status))) {
      RATE_HEADERS.forEach(h -> headers.set(h, ref(HEADERS + h.replace("-", ""))));
    }
    if (limited && "429".equals(status)) {
      headers.set("Retry-After", ref(HEADERS + "RetryAfter"));
    }
    if ("401".equals(status)) {
      headers.set("WWW-Authenticate", ref(HEADERS + "WWWAuthenticate"));
    }
    if (idempotent.test(name) && success) {
      headers.set("Idempotency-Replayed", ref(HEADERS + "IdempotencyReplayed"));
    }
  }

  /** Adds an error answer, or appends the codes to the description of one already declared. */
  private static void error(ObjectNode responses, String status, String description) {
    if (responses.has(status)) {
      ObjectNode response = (ObjectNode) responses.get(status);
      response.put("description", response.path("description").asText() + "; " + description);
      return;
    }
    ObjectNode response = responses.putObject(status).put("description", description);
    response
        .putObject("content")
        .putObject("application/json")
        .set("schema", ref("#/components/schemas/ErrorEnvelope"));
  }

  private static void stripWeights(JsonNode node) {
    if (node.isObject()) {
      ObjectNode object = (ObjectNode) node;
      if (object.has("content")) {
        ObjectNode content = (ObjectNode) object.get("content");
        List<String> types = new ArrayList<>();
        content.fieldNames().forEachRemaining(types::add);
        for (String type : types) {
          String bare = type.split(";", 2)[0].trim();
          if (!bare.equals(type)) {
            content.set(bare, content.remove(type));
          }
        }
      }
      object.elements().forEachRemaining(HttpConventions::stripWeights);
    }
  }

  /**
   * minLength 0 says nothing, and a required string is at least one character: every required
   * string member gets {@code minLength: 1}, unless the schema marks it {@code "x-allow-empty":
   * true} (a text that may be empty, such as the path of an issue about the whole body), which
   * becomes {@code minLength: 0}. An enum of the components is at least one character too.
   */
  private static void strings(JsonNode schemas) {
    schemas.elements().forEachRemaining(HttpConventions::minLengths);
    schemas
        .elements()
        .forEachRemaining(
            schema -> {
              if (schema.has("enum") && isText(schema) && !schema.has("minLength")) {
                ((ObjectNode) schema).put("minLength", 1);
              }
            });
  }

  private static void minLengths(JsonNode schema) {
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(r -> required.add(r.asText()));
    schema
        .path("properties")
        .fields()
        .forEachRemaining(
            p -> {
              if (p.getValue() instanceof ObjectNode property) {
                minLength(property, required.contains(p.getKey()));
              }
            });
  }

  private static void minLength(ObjectNode property, boolean required) {
    if (property.path("x-allow-empty").asBoolean(false)) {
      property.remove("x-allow-empty");
      property.put("minLength", 0);
    } else if (required && isText(property)) {
      property.put("minLength", Math.max(1, property.path("minLength").asInt(0)));
    } else if (property.has("minLength") && property.get("minLength").asInt() == 0) {
      property.remove("minLength");
    }
  }

  /** A string member (a constant is left as it is). */
  private static boolean isText(JsonNode property) {
    JsonNode type = property.path("type");
    boolean string =
        "string".equals(type.asText())
            || (type.isArray() && type.toString().contains("\"string\""));
    return string && !property.has("const");
  }

  private static ObjectNode headers(RateLimitDocs rateLimits, String realm) {
    ObjectNode headers = NODES.objectNode();
    String challenge = "Bearer realm=\"" + realm + "\"";
    headers.set(
        "WWWAuthenticate",
        header(
            "The scheme to authenticate with (RFC 9110, 11.6.1): " + challenge,
            NODES.objectNode().put("type", "string").put("example", challenge)));
    headers.set(
        "XRequestId",
        header(
            "The request's id: the client's X-Request-Id when valid, else a generated UUID",
            NODES
                .objectNode()
                .put("type", "string")
                .put("minLength", 1)
                .put("maxLength", 128)
                .put("example", "6f1c2a9e-0b7d-4a53-9d8e-2c4f5a6b7c8d")));
    headers.set("XRateLimitLimit", header(rateLimits.limit(), integer(120)));
    headers.set("XRateLimitRemaining", header(rateLimits.remaining(), integer(117)));
    headers.set("XRateLimitReset", header(rateLimits.reset(), integer(1798761600)));
    headers.set("RetryAfter", header(rateLimits.retryAfter(), integer(12)));
    headers.set(
        "IdempotencyReplayed",
        header(
            "true when the answer is the stored answer of an earlier request with this key",
            NODES.objectNode().put("type", "string").set("enum", NODES.arrayNode().add("true"))));
    headers.set(
        "Location",
        header(
            "The URL of the resource created",
            NODES.objectNode().put("type", "string").put("format", "uri-reference")));
    return headers;
  }

  private static ObjectNode parameters() {
    ObjectNode parameters = NODES.objectNode();
    parameters.set(
        "XRequestId",
        parameter(
            "X-Request-Id",
            "The request's id, echoed on the answer and in the logs; generated when absent "
                + "or not 1 to 128 characters of [A-Za-z0-9._:-]",
            NODES
                .objectNode()
                .put("type", "string")
                .put("minLength", 1)
                .put("maxLength", 128)
                .put("pattern", "^[A-Za-z0-9._:-]+$")));
    parameters.set(
        "IdempotencyKey",
        parameter(
            "Idempotency-Key",
            "Makes a retry safe: the same key and body within 24 hours replays the first "
                + "answer (docs/idempotency.md)",
            NODES
                .objectNode()
                .put("type", "string")
                .put("minLength", 1)
                .put("maxLength", 255)
                .put("pattern", "^[!-~]+$")));
    return parameters;
  }

  // The schema is an ObjectNode, not a Map: its members keep the order they were put in, so the
  // document is the same bytes on every start (Map.of iterates in a per-JVM random order).
  private static ObjectNode parameter(String name, String description, ObjectNode schema) {
    ObjectNode parameter =
        NODES.objectNode().put("name", name).put("in", "header").put("required", false);
    parameter.put("description", description);
    parameter.set("schema", schema);
    return parameter;
  }

  private static ObjectNode header(String description, ObjectNode schema) {
    ObjectNode header = NODES.objectNode().put("description", description);
    header.set("schema", schema);
    return header;
  }

  private static ObjectNode integer(long example) {
    return NODES.objectNode().put("type", "integer").put("format", "int64").put("example", example);
  }

  private static ObjectNode ref(String target) {
    return NODES.objectNode().put("$ref", target);
  }

  private static ObjectNode object(ObjectNode parent, String name) {
    return parent.has(name) ? (ObjectNode) parent.get(name) : parent.putObject(name);
  }
}
