package io.causality.common.http;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.util.Arrays;

/**
 * Hides the OpenAPI documentation annotations of a resource method from the entity writers.
 *
 * <p>Why: Jackson's JAX-RS provider finds its per-endpoint writer by hashing every annotation of
 * the resource method, on every response. An annotation's hash is computed reflectively, member by
 * member, and never cached; the nested {@code @Operation}, {@code @ApiResponse}, {@code @Content}
 * and {@code @Schema} annotations of a documented endpoint made that hash about a third of the
 * samples in a profile of a simple GET (docs/performance.md, "Simulation HTTP"). They describe the
 * API for swagger, which reads them from the classes at start; no writer depends on them, so the
 * writers are handed the rest.
 */
@Priority(Priorities.ENTITY_CODER)
public final class DocumentationAnnotationsFilter implements WriterInterceptor {
  private static final String DOCUMENTATION_PACKAGE = "io.swagger.v3.oas.annotations";

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    Annotation[] annotations = context.getAnnotations();
    if (annotations != null && anyDocumentation(annotations)) {
      context.setAnnotations(withoutDocumentation(annotations));
    }
    context.proceed();
  }

  private static Annotation[] withoutDocumentation(Annotation[] annotations) {
    return Arrays.stream(annotations)
        .filter(annotation -> !isDocumentation(annotation))
        .toArray(Annotation[]::new);
  }

  private static boolean anyDocumentation(Annotation[] annotations) {
    for (Annotation annotation : annotations) {
      if (isDocumentation(annotation)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isDocumentation(Annotation annotation) {
    return annotation.annotationType().getPackageName().startsWith(DOCUMENTATION_PACKAGE);
  }
}
