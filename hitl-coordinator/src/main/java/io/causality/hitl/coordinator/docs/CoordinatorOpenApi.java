package io.causality.hitl.coordinator.docs;

import io.causality.common.openapi.ContractDocument;
import io.causality.common.openapi.HttpConventions;
import io.causality.common.openapi.JsonOverlay;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import java.util.Set;

/**
 * The coordinator's OpenAPI 3.1 document, served at {@code /v1/openapi.json}: the resources'
 * annotations, the standard error answers ({@link CoordinatorStandardResponses}), the hand-written
 * parts of {@code coordinator-openapi-overlay.json} (the token envelope, the records' required and
 * nullable members, enums, operationIds, tags) and the HTTP conventions (request id everywhere;
 * rate-limit headers on submit and redeem, the two rate-limited operations).
 */
public final class CoordinatorOpenApi {
  private static final Set<String> RATE_LIMITED =
      Set.of("POST /v1/override-requests", "POST /v1/override-tokens/redeem");

  private CoordinatorOpenApi() {}

  /** The document of these resources. */
  public static ContractDocument contract(String version, Set<Class<?>> resources) {
    return ContractDocument.assemble(
        model(version),
        resources,
        List.of(CoordinatorStandardResponses.class),
        List.of(
            JsonOverlay.fromResource(CoordinatorOpenApi.class, "coordinator-openapi-overlay.json"),
            new HttpConventions(RATE_LIMITED::contains, operation -> false)));
  }

  private static OpenAPI model(String version) {
    return new OpenAPI()
        .info(
            new Info()
                .title("Override Coordinator API")
                .version(version)
                .description(
                    "Override requests, their approval by operators, and single-use signed "
                        + "override tokens. Errors use the envelope {\"error\": {code, message, "
                        + "details, requestId}}."))
        .servers(List.of(new Server().url("/").description("This server")))
        .components(
            new Components()
                .addSecuritySchemes(
                    CoordinatorStandardResponses.BEARER_SCHEME,
                    new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("bearer")
                        .description(
                            "A configured caller's token (callers[].token); without callers "
                                + "configured the coordinator listens on loopback only and "
                                + "needs none")));
  }
}
