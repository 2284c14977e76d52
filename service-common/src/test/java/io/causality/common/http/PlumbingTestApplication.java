package io.causality.common.http;

import io.causality.common.requestid.RequestIds;
import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Environment;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A minimal service with the shared plumbing and one resource per failure path. */
public class PlumbingTestApplication extends Application<Configuration> {
  static final Logger LOG = LoggerFactory.getLogger(PlumbingTestApplication.class);

  /** The admin port's bearer token. */
  static final String ADMIN_TOKEN = "plumbing-admin-token-0123456789";

  /** The one public name configured besides loopback. */
  static final String PUBLIC_NAME = "api.example.test";

  /** Small, so tests can cross it cheaply. */
  static final int BODY_LIMIT = 64 * 1024;

  @Override
  public void run(Configuration configuration, Environment environment) {
    HttpPlumbing.install(environment, configuration.getServerFactory());
    HttpPlumbing.limitRequestBodies(environment, BODY_LIMIT);
    HttpPlumbing.guardBrowsers(
        environment, configuration.getServerFactory(), List.of(PUBLIC_NAME), true);
    HttpPlumbing.protectAdmin(environment, ADMIN_TOKEN);
    environment.jersey().register(new EchoResource());
    environment.jersey().register(new AnnotationNamesWriter());
    environment.jersey().register(new AnswerRecorder());
  }

  /** The request ids of the answers decided so far: a test can await its answer's decision. */
  static final Set<String> ANSWERED = ConcurrentHashMap.newKeySet();

  /** Records each answered request id in {@link #ANSWERED}. */
  public static final class AnswerRecorder implements ContainerResponseFilter {
    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
      String requestId = request.getHeaderString(RequestIds.HEADER);
      if (requestId != null) {
        ANSWERED.add(requestId);
      }
    }
  }

  /** An answer whose writer reports the annotations Jersey handed it. */
  public record SeenAnnotations() {}

  /** Writes the simple names of the annotations it is given, comma-separated. */
  @Produces(MediaType.TEXT_PLAIN)
  public static final class AnnotationNamesWriter implements MessageBodyWriter<SeenAnnotations> {
    @Override
    public boolean isWriteable(
        Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
      return type == SeenAnnotations.class;
    }

    @Override
    public void writeTo(
        SeenAnnotations answer,
        Class<?> type,
        Type genericType,
        Annotation[] annotations,
        MediaType mediaType,
        MultivaluedMap<String, Object> headers,
        OutputStream out)
        throws IOException {
      String names =
          String.join(
              ",",
              Arrays.stream(annotations)
                  .map(annotation -> annotation.annotationType().getSimpleName())
                  .sorted()
                  .toList());
      out.write(names.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** A body with nested, bounded fields. */
  public record Marker(@NotNull Double x, @NotNull Double y) {}

  public record Agent(@NotBlank String id, @Valid @NotNull Marker marker) {}

  public record EchoRequest(
      @NotNull @Min(1) @Max(10_000) Integer ticks, @Valid List<Agent> agents) {}

  /** An enum query parameter, read by its wire name (lower case) only. */
  public enum Direction {
    ASC,
    DESC;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  @Path("/v1/echo")
  @Produces(MediaType.APPLICATION_JSON)
  public static class EchoResource {
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Map<String, Object> echo(@NotNull @Valid EchoRequest request) {
      LOG.info("echoing {} ticks", request.ticks());
      return Map.of("ticks", request.ticks());
    }

    @GET
    public Map<String, Object> page(
        @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(200) int limit) {
      return Map.of("limit", limit);
    }

    @GET
    @Path("/items/{id}")
    public Map<String, Object> item(
        @PathParam("id") UUID id,
        @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(200) int limit,
        @QueryParam("order") @DefaultValue("asc") Direction order) {
      return Map.of("id", id, "limit", limit, "order", order);
    }

    @GET
    @Path("/documented")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "Documented for OpenAPI; the writer should not see it")
    public SeenAnnotations documented() {
      return new SeenAnnotations();
    }

    @GET
    @Path("/boom")
    public Map<String, Object> boom() {
      throw new IllegalStateException("secret internal detail: password=hunter2");
    }
  }
}
