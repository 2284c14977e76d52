package io.causality.common.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.ReaderInterceptorContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The filter's bookkeeping around what the resource read. That a refused request's body is drained
 * over a real connection is HttpPlumbingIntegrationTest's.
 */
class UnreadBodyFilterTest {
  private final UnreadBodyFilter filter = new UnreadBodyFilter();
  private final Map<String, Object> properties = new HashMap<>();
  private final MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();

  @Test
  void aBodyReadAsAnEntityIsNotLookedAtAgain() throws Exception {
    filter.aroundReadFrom(reading(Map.of("ticks", 100)));

    // hasEntity on a consumed body throws inside Jersey: the filter must not ask
    filter.filter(requestWhoseBodyMustNotBeTouched(), response(200));

    assertThat(headers).isEmpty();
  }

  @Test
  void aBodyReadAsAStreamMayStillBeDrained() throws Exception {
    InputStream stream = new ByteArrayInputStream(new byte[10]);
    filter.aroundReadFrom(reading(stream));

    assertThat(properties).doesNotContainKey(UnreadBodyFilter.BODY_READ);
  }

  @Test
  void aBodyWhoseReadFailedIsNotMarkedRead() {
    ReaderInterceptorContext failing =
        proxy(
            ReaderInterceptorContext.class,
            (method, args) -> {
              if (method.equals("proceed")) {
                throw new IOException("malformed");
              }
              return property(method, args);
            });

    // the reader's error goes on to its mapper
    assertThatThrownBy(() -> filter.aroundReadFrom(failing)).isInstanceOf(IOException.class);

    assertThat(properties).doesNotContainKey(UnreadBodyFilter.BODY_READ);
  }

  @Test
  void anUnreadBodyIsDrainedAndTheConnectionKept() {
    ByteArrayInputStream body = new ByteArrayInputStream(new byte[5_000]);

    filter.filter(requestWithUnreadBody(body), response(401));

    assertThat(body.available()).isZero();
    assertThat(headers).isEmpty();
  }

  @Test
  void anUnreadBodyOverTheDrainLimitClosesTheConnection() {
    ByteArrayInputStream body =
        new ByteArrayInputStream(new byte[UnreadBodyFilter.DRAIN_LIMIT + 1]);

    filter.filter(requestWithUnreadBody(body), response(403));

    assertThat(headers.get("Connection")).containsExactly("close");
  }

  private ReaderInterceptorContext reading(Object entity) {
    return proxy(
        ReaderInterceptorContext.class,
        (method, args) -> method.equals("proceed") ? entity : property(method, args));
  }

  private ContainerRequestContext requestWithUnreadBody(InputStream body) {
    return proxy(
        ContainerRequestContext.class,
        (method, args) ->
            switch (method) {
              case "hasEntity" -> true;
              case "getEntityStream" -> body;
              default -> property(method, args);
            });
  }

  private ContainerRequestContext requestWhoseBodyMustNotBeTouched() {
    return proxy(
        ContainerRequestContext.class,
        (method, args) -> {
          if (List.of("hasEntity", "getEntityStream").contains(method)) {
            throw new AssertionError(method + " on a body the resource read");
          }
          return property(method, args);
        });
  }

  private ContainerResponseContext response(int status) {
    return proxy(
        ContainerResponseContext.class,
        (method, args) ->
            switch (method) {
              case "getStatus" -> status;
              case "getHeaders" -> headers;
              default -> throw new AssertionError("unexpected " + method);
            });
  }

  /** The properties of the request, shared by its interceptor and filter contexts. */
  private Object property(String method, Object[] args) {
    return switch (method) {
      case "getProperty" -> properties.get((String) args[0]);
      case "setProperty" -> properties.put((String) args[0], args[1]);
      default -> throw new AssertionError("unexpected " + method);
    };
  }

  private interface Answer {
    Object answer(String method, Object[] args) throws Exception;
  }

  private static <T> T proxy(Class<T> type, Answer answer) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (self, method, args) -> answer.answer(method.getName(), args)));
  }
}
