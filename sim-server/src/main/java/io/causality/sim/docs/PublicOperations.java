package io.causality.sim.docs;

import io.swagger.v3.jaxrs2.ReaderListener;
import io.swagger.v3.oas.integration.api.OpenApiReader;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import java.util.ArrayList;

/**
 * Marks the public operations as such: an operation that declares no security requirement gets an
 * explicit empty one ({@code security: []}), which OpenAPI reads as "no authentication". Left out,
 * a reader cannot tell a public operation from one whose security was forgotten. swagger-core drops
 * an empty {@code @SecurityRequirements}, hence this listener.
 */
public final class PublicOperations implements ReaderListener {
  @Override
  public void beforeScan(OpenApiReader reader, OpenAPI openApi) {
    // Nothing to prepare: only the scanned operations are adjusted.
  }

  @Override
  public void afterScan(OpenApiReader reader, OpenAPI openApi) {
    if (openApi.getPaths() == null) {
      return;
    }
    for (PathItem path : openApi.getPaths().values()) {
      for (Operation operation : path.readOperations()) {
        if (operation.getSecurity() == null) {
          operation.setSecurity(new ArrayList<>());
        }
      }
    }
  }
}
