package io.causality.sim.docs;

import io.causality.common.openapi.ContractDocument;
import io.causality.common.openapi.HttpConventions;
import io.causality.common.openapi.JsonOverlay;
import io.causality.common.openapi.RateLimitDocs;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.servers.Server;
import java.util.List;
import java.util.Set;

/** What swagger-jaxrs2 needs to describe the service as OpenAPI 3.1. */
public final class OpenApiDocument {
  public static final String API_KEY_SCHEME = "apiKey";
  public static final String BEARER_SCHEME = "bearer";

  private OpenApiDocument() {}

  /**
   * The rate-limit headers: every answer the limiter has seen carries them (all but a 401, which
   * comes before it, and the 406, 413 and 415 that come before any resource is chosen). A 503 may
   * come before it too (a large body that waited for memory in vain), so its headers are listed as
   * what they are: optional.
   */
  private static final RateLimitDocs RATE_LIMITS =
      new RateLimitDocs(
          "Requests allowed in the 60-second sliding window of this route class (create, step or "
              + "read) for the organization's license tier (docs/rate-limits.md)",
          "Requests still allowed in the window now",
          "Unix time (seconds) at which the oldest counted request leaves the window",
          "Seconds to wait before retrying (at least 1)",
          status -> !Set.of("401", "406", "413", "415").contains(status));

  /**
   * The document as served: what swagger reads from the resources, completed by the hand-written
   * schemas and operation details of {@code sim-openapi-overlay.json} (experiments': {@code
   * sim-experiments-openapi-overlay.json}), the error schemas by code ({@link SimErrors}) and the
   * HTTP conventions (request id, rate limits on everything but the event stream, Idempotency-Key
   * on every POST, the challenge of a 401 in the realm {@code service}).
   */
  public static ContractDocument contract(String service, String version, Set<Class<?>> resources) {
    return ContractDocument.assemble(
        model(version),
        resources,
        List.of(PublicOperations.class, SimStandardResponses.class, RegistryEnums.class),
        List.of(
            JsonOverlay.fromResource(OpenApiDocument.class, "sim-openapi-overlay.json"),
            JsonOverlay.fromResource(OpenApiDocument.class, "sim-experiments-openapi-overlay.json"),
            new UuidPathParameters(),
            new WorkingMemoryResponses(),
            SimErrors.typed(),
            new HttpConventions(
                operation -> !operation.endsWith("/events"),
                operation -> operation.startsWith("POST "),
                RATE_LIMITS,
                service)));
  }

  private static OpenAPI model(String version) {
    return new OpenAPI()
        .info(
            new Info()
                .title("Simulation Service API")
                .version(version)
                .description(
                    "A deterministic, recursive causality simulator. Errors use the "
                        + "envelope {\"error\": {code, message, details, requestId}}. A request body "
                        + "larger than the server's maxRequestBodySize (16 MiB by default) answers 413 "
                        + "PAYLOAD_TOO_LARGE.")
                .license(new License().name("Proprietary").identifier("LicenseRef-Proprietary")))
        // Relative: the document describes whichever host served it.
        .servers(List.of(new Server().url("/").description("This server")))
        .components(
            new Components()
                .addSecuritySchemes(
                    API_KEY_SCHEME,
                    new SecurityScheme()
                        .type(SecurityScheme.Type.APIKEY)
                        .in(SecurityScheme.In.HEADER)
                        .name("X-Api-Key")
                        .description("Organization API key: sk_live_ and 32 base62 characters"))
                .addSecuritySchemes(
                    BEARER_SCHEME,
                    new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("bearer")
                        .bearerFormat("JWT")
                        .description("HS256 JWT; sub is the user id")));
  }
}
