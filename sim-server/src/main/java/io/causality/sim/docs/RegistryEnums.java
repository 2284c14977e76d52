package io.causality.sim.docs;

import io.causality.sim.engine.adapter.DomainAdapterRegistry;
import io.causality.sim.engine.input.DecreeType;
import io.swagger.v3.jaxrs2.ReaderListener;
import io.swagger.v3.oas.integration.api.OpenApiReader;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import java.util.List;
import java.util.Map;

/**
 * Lists the domain adapter ids and the decree types as enums ({@code DomainId}, {@code
 * DecreeType}), read from the registries the engine uses, so that clients and generated code learn
 * them from the document. The request fields stay strings in Java: an unknown domain is the API's
 * 404 and an unknown decree type a 400 that lists the known ones, as before.
 */
public final class RegistryEnums implements ReaderListener {
  static final String DOMAIN_ID = "DomainId";
  static final String DECREE_TYPE = "DecreeType";

  /** Schema, then property, that takes a domain adapter id or a decree type. */
  private static final Map<String, List<String>> USES =
      Map.of(
          "FromDomainRequest", List.of("domain", DOMAIN_ID),
          "RunSimulationRequest", List.of("domain", DOMAIN_ID),
          "DecreeRequest", List.of("type", DECREE_TYPE),
          "DecreeView", List.of("type", DECREE_TYPE));

  @Override
  public void beforeScan(OpenApiReader reader, OpenAPI openApi) {
    // Nothing to prepare: the schemas exist once every operation is read.
  }

  @Override
  public void afterScan(OpenApiReader reader, OpenAPI openApi) {
    if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
      return;
    }
    Map<String, Schema> schemas = openApi.getComponents().getSchemas();
    schemas.put(
        DOMAIN_ID,
        enumeration(
            "A domain adapter id (POST /v1/simulations/from-domain and /run)",
            DomainAdapterRegistry.standard().domains()));
    schemas.put(DECREE_TYPE, enumeration("A decree type (docs/engine.md)", DecreeType.wireNames()));
    USES.forEach(
        (schema, use) -> {
          Schema<?> owner = schemas.get(schema);
          if (owner != null && owner.getProperties() != null) {
            owner
                .getProperties()
                .computeIfPresent(use.get(0), (name, old) -> reference(use.get(1)));
          }
        });
  }

  private static Schema<String> enumeration(String description, List<String> values) {
    StringSchema schema = new StringSchema();
    schema.addType("string");
    schema.description(description);
    schema.setEnum(values);
    schema.setExample(values.get(0));
    return schema;
  }

  private static Schema<?> reference(String name) {
    return new Schema<>().$ref("#/components/schemas/" + name);
  }
}
