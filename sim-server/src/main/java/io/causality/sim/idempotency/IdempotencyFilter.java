package io.causality.sim.idempotency;

import io.causality.sim.auth.RequestIdentity;
import io.causality.sim.db.IdempotencyScope;
import io.causality.sim.metrics.SimMetrics;
import jakarta.annotation.Priority;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * The Idempotency-Key rules on every POST (docs/idempotency.md). The request side claims the key,
 * replays a stored response or refuses; the response side releases the claim of any non-2xx answer,
 * so that refused or failed requests are not cached, and hands a 2xx answer to {@link
 * ResponseCaptureInterceptor}, which stores its body as it is written.
 *
 * <p>It runs after authentication, rate limiting and scope checks, so requests refused by those
 * (401, 429, 403) never claim a key.
 */
@Priority(Priorities.USER)
public final class IdempotencyFilter implements ContainerRequestFilter, ContainerResponseFilter {
  static final String CLAIM = IdempotencyFilter.class.getName() + ".claim";

  private final IdempotencyStore store;

  // Jersey injects a per-request proxy into registered instances; a constructor cannot take it.
  @Context private HttpServletRequest servletRequest;

  public IdempotencyFilter(IdempotencyStore store) {
    this.store = Objects.requireNonNull(store);
  }

  @Override
  public void filter(ContainerRequestContext request) {
    if (!HttpMethod.POST.equals(request.getMethod())) {
      return;
    }
    Optional<String> key = IdempotencyKeys.from(request.getHeaders().get(IdempotencyKeys.HEADER));
    if (key.isPresent()) {
      String path = request.getUriInfo().getRequestUri().getRawPath();
      IdempotencyKeys.checkPath(path);
      IdempotencyScope scope =
          new IdempotencyScope(
              RequestIdentity.of(request, servletRequest.getRemoteAddr()).value(),
              request.getMethod(),
              path,
              key.get());
      String query = request.getUriInfo().getRequestUri().getRawQuery();
      apply(request, store.begin(scope, fingerprint(query, bufferedBody(request))));
    }
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (!(request.getProperty(CLAIM) instanceof IdempotencyOutcome.Claimed claim)) {
      return;
    }
    request.removeProperty(CLAIM);
    int status = response.getStatus();
    if (status < 200 || status > 299) {
      store.release(claim);
    } else if (!response.hasEntity()) {
      store.complete(claim, status, null, new byte[0]);
    } else {
      request.setProperty(
          ResponseCaptureInterceptor.PENDING,
          new ResponseCaptureInterceptor.Pending(claim, status));
    }
  }

  private static void apply(ContainerRequestContext request, IdempotencyOutcome outcome) {
    if (outcome instanceof IdempotencyOutcome.Claimed claim) {
      request.setProperty(CLAIM, claim);
    } else if (outcome instanceof IdempotencyOutcome.Replay replay) {
      SimMetrics.IDEMPOTENT_REPLAYS.inc();
      request.abortWith(replay(replay));
    } else if (outcome instanceof IdempotencyOutcome.NotReplayable gone) {
      throw IdempotencyConflictException.replayUnavailable(gone.status());
    } else if (outcome instanceof IdempotencyOutcome.Reuse) {
      throw IdempotencyConflictException.reuse();
    } else {
      throw IdempotencyConflictException.inUse();
    }
  }

  private static Response replay(IdempotencyOutcome.Replay replay) {
    Response.ResponseBuilder response =
        Response.status(replay.status()).header(IdempotencyKeys.REPLAYED_HEADER, "true");
    if (replay.body() != null && replay.body().length > 0) {
      response.entity(replay.body()).type(replay.contentType());
    }
    return response.build();
  }

  /** Reads the body to hash it, and puts it back for the resource. */
  private static byte[] bufferedBody(ContainerRequestContext request) {
    try {
      byte[] body = request.getEntityStream().readAllBytes();
      request.setEntityStream(new ByteArrayInputStream(body));
      return body;
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read the request body", e);
    }
  }

  /**
   * SHA-256 of the body, and of the query string when there is one: the path scopes a key, and a
   * retry that changed its query is as much another request as one that changed its body.
   */
  static String fingerprint(String rawQuery, byte[] body) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      if (rawQuery != null) {
        digest.update(rawQuery.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return HexFormat.of().formatHex(digest.digest(body));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256", e);
    }
  }
}
