package io.causality.common.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.causality.common.openapi.StandardResponses.Kind;
import io.swagger.v3.jaxrs2.Reader;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.integration.SwaggerConfiguration;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.responses.ApiResponses;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class StandardResponsesTest {
  private static final String ENVELOPE = "#/components/schemas/ErrorEnvelope";

  /** A service that authenticates with "key" and gives every kind. */
  public static final class AllKinds extends StandardResponses {
    // swagger-jaxrs2 instantiates listeners from its own package: the constructor must be public.
    @SuppressWarnings("checkstyle:RedundantModifier")
    public AllKinds() {
      super(
          Set.of("key"),
          Map.of(
              Kind.BAD_REQUEST, "bad",
              Kind.UNAUTHORIZED, "who",
              Kind.FORBIDDEN, "no",
              Kind.NOT_FOUND, "none",
              Kind.RATE_LIMITED, "slow down",
              Kind.INTERNAL, "oops"));
    }
  }

  /** A service without rate limits. */
  public static final class NoRateLimits extends StandardResponses {
    // swagger-jaxrs2 instantiates listeners from its own package: the constructor must be public.
    @SuppressWarnings("checkstyle:RedundantModifier")
    public NoRateLimits() {
      super(
          Set.of("key"),
          Map.of(
              Kind.BAD_REQUEST, "bad",
              Kind.UNAUTHORIZED, "who",
              Kind.FORBIDDEN, "no",
              Kind.NOT_FOUND, "none",
              Kind.INTERNAL, "oops"));
    }
  }

  /** The body of {@link Things#create}. */
  public record Body(String name) {}

  @Path("/things")
  public static final class Things {
    @GET
    @Path("/{id}")
    @SecurityRequirement(name = "key")
    public String get(@PathParam("id") UUID id) {
      return "";
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @SecurityRequirement(name = "key")
    @ApiResponse(responseCode = "200", description = "created")
    @ApiResponse(responseCode = "409", description = "CONFLICT: the name is taken")
    @ApiResponse(responseCode = "400", description = "the name is not a name")
    public String create(Body body) {
      return "";
    }

    @GET
    @Path("/search")
    public String search(@QueryParam("q") String text) {
      return "";
    }

    @GET
    @Path("/elsewhere")
    @SecurityRequirement(name = "cookie")
    public String elsewhere(@QueryParam("limit") int limit) {
      return "";
    }
  }

  private static OpenAPI read(Class<? extends StandardResponses> listener) {
    return new Reader(new SwaggerConfiguration().openAPI(new OpenAPI()))
        .read(Set.of(Things.class, listener));
  }

  private static ApiResponses responses(OpenAPI openApi, String path, String method) {
    var item = openApi.getPaths().get(path);
    Operation operation = method.equals("POST") ? item.getPost() : item.getGet();
    return operation.getResponses();
  }

  @Test
  void anAuthenticatedOperationOnAnIdGetsEveryKindAsTheEnvelope() {
    ApiResponses responses = responses(read(AllKinds.class), "/things/{id}", "GET");
    assertThat(responses).containsKeys("400", "401", "403", "404", "429", "500");
    assertThat(responses.get("401").getDescription()).isEqualTo("who");
    assertThat(responses.get("429").getDescription()).isEqualTo("slow down");
    responses.forEach(
        (status, response) -> {
          if (status.startsWith("4") || status.startsWith("5")) {
            assertThat(response.getContent().get("application/json").getSchema().get$ref())
                .as(status)
                .isEqualTo(ENVELOPE);
          }
        });
  }

  @Test
  void theEnvelopeSchemaIsAComponent() {
    assertThat(read(AllKinds.class).getComponents().getSchemas()).containsKey("ErrorEnvelope");
  }

  @Test
  void aDeclaredResponseIsKeptAsWrittenAndAnsweredWithTheEnvelope() {
    ApiResponses responses = responses(read(AllKinds.class), "/things", "POST");
    assertThat(responses.get("400").getDescription()).isEqualTo("the name is not a name");
    assertThat(responses.get("409").getDescription()).isEqualTo("CONFLICT: the name is taken");
    assertThat(responses.get("409").getContent().get("application/json").getSchema().get$ref())
        .isEqualTo(ENVELOPE);
    assertThat(responses.get("200").getDescription()).isEqualTo("created");
    assertThat(responses).containsKeys("401", "403", "429", "500").doesNotContainKey("404");
  }

  @Test
  void aPublicOperationWithFreeTextGetsOnlyWhatEveryOperationGets() {
    ApiResponses responses = responses(read(AllKinds.class), "/things/search", "GET");
    assertThat(responses).containsKeys("429", "500");
    assertThat(responses).doesNotContainKeys("400", "401", "403", "404");
  }

  @Test
  void aSchemeTheServiceDoesNotCountAsAuthenticationAddsNo401Or403() {
    ApiResponses responses = responses(read(AllKinds.class), "/things/elsewhere", "GET");
    assertThat(responses).containsKeys("400", "429", "500");
    assertThat(responses).doesNotContainKeys("401", "403");
  }

  @Test
  void aKindTheServiceDoesNotGiveIsNotAdded() {
    OpenAPI openApi = read(NoRateLimits.class);
    assertThat(responses(openApi, "/things/{id}", "GET"))
        .containsKeys("400", "401", "403", "404", "500")
        .doesNotContainKey("429");
    assertThat(responses(openApi, "/things/search", "GET")).doesNotContainKey("429");
  }
}
