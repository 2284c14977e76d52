package io.causality.common.http;

import io.causality.common.errors.PayloadTooLargeException;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * A request refused before its body was read (401, 403, 429, ...) leaves that body on the
 * connection. The server then closes the connection, and an HTTP/1.1 client that reuses it for its
 * next request sees it drop with no answer. This reads a small unread body to the end, so the
 * connection stays usable, and tells the client to close after a large one.
 *
 * <p>A body the resource read whole is marked as it is read ({@link #aroundReadFrom}) and not
 * looked at again: asking Jersey whether a consumed body has an entity throws, and building that
 * exception on every request was 2 % of a step's request thread.
 */
@Priority(Priorities.USER - 100)
public final class UnreadBodyFilter implements ContainerResponseFilter, ReaderInterceptor {
  /** Bodies up to this size are read and dropped; larger ones close the connection. */
  static final int DRAIN_LIMIT = 1 << 20;

  /** The request property set once the resource's entity was read and its stream closed. */
  static final String BODY_READ = UnreadBodyFilter.class.getName() + ".bodyRead";

  @Override
  public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
    Object entity = context.proceed();
    // Jersey closes the body's stream after reading an entity, unless the entity is itself a
    // stream the resource reads on (Closeable): that one may still have bytes to drain.
    if (!(entity instanceof Closeable)) {
      context.setProperty(BODY_READ, Boolean.TRUE);
    }
    return entity;
  }

  @Override
  public void filter(ContainerRequestContext request, ContainerResponseContext response) {
    if (Boolean.TRUE.equals(request.getProperty(BODY_READ))) {
      return;
    }
    if (response.getStatus() == 413) {
      // Refused for its size: draining it is exactly what the limit is there to avoid.
      response.getHeaders().putSingle("Connection", "close");
      return;
    }
    try {
      if (request.hasEntity() && !drained(request.getEntityStream())) {
        response.getHeaders().putSingle("Connection", "close");
      }
    } catch (PayloadTooLargeException e) {
      // Over the body limit while draining: the answer stands, the connection cannot stay.
      response.getHeaders().putSingle("Connection", "close");
    } catch (IOException | IllegalStateException e) {
      // Already read by the resource, or the client went away: nothing is left to drain.
    }
  }

  /** Reads the rest of the body; false when it is larger than the limit. */
  private static boolean drained(InputStream body) throws IOException {
    byte[] buffer = new byte[8192];
    long total = 0;
    int read;
    while ((read = body.read(buffer)) != -1) {
      total += read;
      if (total > DRAIN_LIMIT) {
        return false;
      }
    }
    return true;
  }
}
