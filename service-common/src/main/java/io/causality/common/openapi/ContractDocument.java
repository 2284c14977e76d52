package io.causality.common.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.jaxrs2.integration.JaxrsOpenApiContextBuilder;
import io.swagger.v3.oas.integration.OpenApiConfigurationException;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.OpenAPI;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A service's OpenAPI document as it is served: what swagger-jaxrs2 reads from the resources'
 * annotations (its reader listeners included), written as OpenAPI 3.1 JSON, then completed by edits
 * on the JSON tree (the hand-written schemas of {@link JsonOverlay}, the headers of {@link
 * HttpConventions}). Edits work on the tree rather than on swagger's model because the model drops
 * what it does not know (a license identifier, a type list such as {@code ["string", "null"]}), and
 * the tree is exactly what clients read.
 *
 * <p>Built once: the resources do not change while the service runs, so every request gets the same
 * bytes.
 */
public final class ContractDocument {
  private final SwaggerConfiguration configuration;
  private final List<Consumer<ObjectNode>> edits;
  private volatile String json;

  /**
   * @param configuration the resources to read and the model to start from
   * @param edits applied in order to the document's JSON tree
   */
  public ContractDocument(SwaggerConfiguration configuration, List<Consumer<ObjectNode>> edits) {
    this.configuration = Objects.requireNonNull(configuration, "configuration");
    this.edits = List.copyOf(edits);
  }

  /**
   * A service's document, assembled as both services assemble theirs: OpenAPI 3.1 from {@code
   * model}, compact and sorted, read from exactly the listed classes (so that the document is
   * deterministic and describes what is registered), then completed by {@code edits}.
   *
   * @param model the info, servers and security schemes of the service
   * @param resources the registered resources the document describes
   * @param documentation the classes that only describe (the service's {@link StandardResponses}
   *     subclass, enums of registry ids, public operations), read beside the resources
   * @param edits applied in order to the document's JSON tree
   */
  public static ContractDocument assemble(
      OpenAPI model,
      Set<Class<?>> resources,
      List<Class<?>> documentation,
      List<Consumer<ObjectNode>> edits) {
    SwaggerConfiguration configuration =
        new SwaggerConfiguration()
            .openAPI(model)
            .openAPI31(true)
            .prettyPrint(false)
            .sortOutput(true)
            .readAllResources(false)
            .resourceClasses(
                Stream.concat(resources.stream(), documentation.stream())
                    .map(Class::getName)
                    .collect(Collectors.toSet()));
    return new ContractDocument(configuration, edits);
  }

  /** The document as JSON text; read on the first call. */
  public String json() {
    String built = json;
    if (built == null) {
      synchronized (this) {
        if (json == null) {
          json = write(tree());
        }
        built = json;
      }
    }
    return built;
  }

  /** A fresh copy of the document's tree, with every edit applied. */
  public ObjectNode tree() {
    ObjectNode document = Json31.mapper().valueToTree(read());
    edits.forEach(edit -> edit.accept(document));
    return document;
  }

  private static String write(ObjectNode document) {
    try {
      return Json31.mapper().writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("The OpenAPI document cannot be written", e);
    }
  }

  private OpenAPI read() {
    try {
      // A context id of its own: swagger caches contexts by id for the whole JVM, and two
      // services (or two test applications) in one JVM must not share one.
      return new JaxrsOpenApiContextBuilder<>()
          .ctxId("causality-" + UUID.randomUUID())
          .openApiConfiguration(configuration)
          .buildContext(true)
          .read();
    } catch (OpenApiConfigurationException e) {
      throw new IllegalStateException("The OpenAPI document cannot be read", e);
    }
  }
}
