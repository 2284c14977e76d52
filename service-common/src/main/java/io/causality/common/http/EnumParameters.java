package io.causality.common.http;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Arrays;
import org.glassfish.jersey.internal.inject.ExtractorException;

/**
 * Reads enum path, query and header parameters by their wire names ({@code toString}), in the one
 * letter case the document lists ({@code asc}, {@code PENDING}): any other value, another case of a
 * wire name included, is the ParamException that {@code ParameterExceptionMapper} answers with an
 * issue naming the parameter and its allowed values. One case, because a client validated by the
 * document (a generated client, a proxy such as Prism) sends only that one, and a server that took
 * others would accept what the contract refuses. Ahead of Dropwizard's own enum converter, whose
 * 400 names no parameter.
 */
@Provider
@Priority(Priorities.USER - 100)
public final class EnumParameters implements ParamConverterProvider {
  @Override
  public <T> ParamConverter<T> getConverter(
      Class<T> rawType, Type genericType, Annotation[] annotations) {
    return rawType.isEnum() ? new WireNames<>(rawType) : null;
  }

  private record WireNames<T>(Class<T> type) implements ParamConverter<T> {
    @Override
    public T fromString(String value) {
      if (value == null || value.isBlank()) {
        return null; // absent: the parameter's default
      }
      String wire = value.strip();
      return Arrays.stream(type.getEnumConstants())
          .filter(constant -> constant.toString().equals(wire))
          .findFirst()
          .orElseThrow(() -> new ExtractorException(new IllegalArgumentException(wire)));
    }

    @Override
    public String toString(T value) {
      return value.toString();
    }
  }
}
