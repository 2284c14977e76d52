package io.causality.benchmarks.baseline;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** {@code GET /hello}: a constant answer, the bare Jersey endpoint of a Dropwizard application. */
@Path("/hello")
@Produces(MediaType.APPLICATION_JSON)
public final class HelloResource {
  /** The answer, written by Jackson as any entity is. */
  public record Hello(String status) {}

  private static final Hello HELLO = new Hello("UP");

  @GET
  public Hello hello() {
    return HELLO;
  }
}
