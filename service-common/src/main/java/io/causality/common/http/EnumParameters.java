package io.causality.common.http;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Locale;
import org.glassfish.jersey.internal.inject.ExtractorException;

/**
 * Reads enum path, query and header parameters by their wire names ({@code toString}, in any case),
 * so that a value that is none of them is the ParamException that {@code ParameterExceptionMapper}
 * answers with an issue naming the parameter. Ahead of Dropwizard's own enum converter, whose 400
 * names no parameter.
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
          .filter(
              constant ->
                  constant
                      .toString()
                      .toLowerCase(Locale.ROOT)
                      .equals(wire.toLowerCase(Locale.ROOT)))
          .findFirst()
          .orElseThrow(() -> new ExtractorException(new IllegalArgumentException(wire)));
    }

    @Override
    public String toString(T value) {
      return value.toString();
    }
  }
}
