package io.causality.benchmarks.baseline;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.UUID;

/** {@code GET /rows/{id}}: one row read by primary key through JDBI, answered as JSON. */
@Path("/rows/{id}")
@Produces(MediaType.APPLICATION_JSON)
public final class RowResource {
  private final RowDao rows;

  public RowResource(RowDao rows) {
    this.rows = rows;
  }

  @GET
  public BaselineRow get(@PathParam("id") UUID id) {
    return rows.find(id).orElseThrow(NotFoundException::new);
  }
}
