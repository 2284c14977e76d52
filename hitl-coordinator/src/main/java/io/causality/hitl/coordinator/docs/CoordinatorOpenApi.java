package io.causality.hitl.coordinator.docs;

import io.causality.common.openapi.ContractDocument;
import io.causality.common.openapi.HttpConventions;
import io.causality.common.openapi.JsonOverlay;
import io.causality.common.openapi.RateLimitDocs;
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
 * nullable members, enums, operationIds, tags), the error schemas by code ({@link
 * CoordinatorErrors}) and the HTTP conventions (request id everywhere; rate-limit headers on submit
 * and redeem, the two rate-limited operations; the bearer challenge of every 401).
 */
public final class CoordinatorOpenApi {
  private static final Set<String> RATE_LIMITED =
      Set.of("POST /v1/override-requests", "POST /v1/override-tokens/redeem");

  private CoordinatorOpenApi() {}

  /**
   * The budgets' headers: every answer the limiter has seen carries them (it runs after
   * authentication and the role check, so a 401 or 403 carries none, and after the resource is
   * chosen, so a 406, 413 or 415 carries none either).
   */
  private static final RateLimitDocs RATE_LIMITS =
      new RateLimitDocs(
          "Calls of this operation's budget (submissions, or redemptions) the caller may make per "
              + "period: rateLimits.submissionsPerPeriod or rateLimits.redemptionsPerPeriod "
              + "(docs/coordinator.md, \"Rate limits\")",
          "Calls of the budget the caller still has in the current period",
          "Unix time (seconds) at which the caller's budget refills (the current period ends)",
          "Seconds until the caller's budget refills (at least 1)",
          status -> status.startsWith("2") || Set.of("400", "409", "500").contains(status));

  /** The document of these resources, with the realm of the 401 challenge ({@code service}). */
  public static ContractDocument contract(String service, String version, Set<Class<?>> resources) {
    return ContractDocument.assemble(
        model(version),
        resources,
        List.of(CoordinatorStandardResponses.class),
        List.of(
            JsonOverlay.fromResource(CoordinatorOpenApi.class, "coordinator-openapi-overlay.json"),
            CoordinatorErrors.typed(),
            new HttpConventions(RATE_LIMITED::contains, operation -> false, RATE_LIMITS, service)));
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
