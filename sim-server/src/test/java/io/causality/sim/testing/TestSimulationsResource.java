package io.causality.sim.testing;

import io.causality.common.errors.ApiException;
import io.causality.common.errors.ErrorCodes;
import io.causality.sim.auth.RequiresScope;
import io.causality.sim.core.errors.UnauthorizedException;
import io.causality.sim.core.organization.Caller;
import io.causality.sim.core.organization.Scope;
import io.dropwizard.auth.Auth;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Stand-ins for the simulation endpoints, with the routes and failures the limits care about. Every
 * execution answers a fresh {@code execution} id, so a replay is told from a re-run. The simulation
 * id {@code missing} is 404 and {@code foreign} is 401, a refusal after authentication.
 */
@Path("/v1/simulations/test")
@Produces(MediaType.APPLICATION_JSON)
public final class TestSimulationsResource {
  public final CountDownLatch blockEntered = new CountDownLatch(1);
  public final CountDownLatch blockRelease = new CountDownLatch(1);

  @POST
  @Consumes(MediaType.APPLICATION_JSON)
  @RequiresScope(Scope.SIMULATION_WRITE)
  public Response create(@Auth Caller caller, Map<String, Object> body) {
    return Response.status(201).entity(Map.of("execution", execution(), "echo", body)).build();
  }

  @POST
  @Path("{id}/step")
  @Consumes(MediaType.APPLICATION_JSON)
  @RequiresScope(Scope.SIMULATION_WRITE)
  public Map<String, Object> step(
      @Auth Caller caller, @PathParam("id") String id, Map<String, Object> body) {
    known(id);
    if (!(body.get("ticks") instanceof Integer ticks) || ticks < 1 || ticks > 10_000) {
      throw ApiException.invalidField("ticks", "must be an integer from 1 to 10000");
    }
    return Map.of("execution", execution(), "ticks", ticks);
  }

  @POST
  @Path("{id}/block")
  @RequiresScope(Scope.SIMULATION_WRITE)
  public Map<String, Object> block(@Auth Caller caller) throws InterruptedException {
    blockEntered.countDown();
    if (!blockRelease.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("The test never released the blocked request");
    }
    return Map.of("execution", execution());
  }

  @POST
  @Path("{id}/stream")
  @Produces("application/x-ndjson")
  @RequiresScope(Scope.SIMULATION_WRITE)
  public StreamingOutput stream(@Auth Caller caller, @QueryParam("lines") int lines) {
    String execution = execution();
    return out -> {
      for (int line = 0; line < lines; line++) {
        out.write(
            ("{\"execution\":\"" + execution + "\",\"line\":" + line + "}\n")
                .getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    };
  }

  @GET
  @Path("{id}")
  @RequiresScope(Scope.SIMULATION_READ)
  public Map<String, Object> get(@Auth Caller caller, @PathParam("id") String id) {
    known(id);
    return Map.of("id", id);
  }

  private static void known(String id) {
    if (id.equals("missing")) {
      throw new ApiException(404, ErrorCodes.NOT_FOUND, "No simulation " + id);
    }
    if (id.equals("foreign")) {
      throw new UnauthorizedException("You are not authorized for simulation " + id);
    }
  }

  private static String execution() {
    return UUID.randomUUID().toString();
  }
}
