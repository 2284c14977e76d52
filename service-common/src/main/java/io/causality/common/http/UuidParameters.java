package io.causality.common.http;

import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.UUID;
import java.util.regex.Pattern;
import org.glassfish.jersey.internal.inject.ExtractorException;

/**
 * Reads UUID path, query and header parameters in their canonical 8-4-4-4-12 form only. {@link
 * UUID#fromString} also takes {@code 1-2-3-4-5}, which would then be looked up and answer 404
 * instead of the 400 that names the parameter.
 */
@Provider
public final class UuidParameters implements ParamConverterProvider {
  private static final Pattern CANONICAL =
      Pattern.compile(
          "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

  private static final ParamConverter<UUID> CONVERTER =
      new ParamConverter<>() {
        @Override
        public UUID fromString(String value) {
          if (value == null || value.isEmpty()) {
            return null; // absent: the parameter's default
          }
          if (!CANONICAL.matcher(value).matches()) {
            // Jersey turns this into the ParamException that ParameterExceptionMapper answers;
            // an IllegalArgumentException would silently give the default instead.
            throw new ExtractorException(new IllegalArgumentException("must be a UUID"));
          }
          return UUID.fromString(value);
        }

        @Override
        public String toString(UUID value) {
          return value.toString();
        }
      };

  @Override
  @SuppressWarnings("unchecked")
  public <T> ParamConverter<T> getConverter(
      Class<T> rawType, Type genericType, Annotation[] annotations) {
    return rawType == UUID.class ? (ParamConverter<T>) CONVERTER : null;
  }
}
