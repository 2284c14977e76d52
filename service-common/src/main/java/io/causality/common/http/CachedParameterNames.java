package io.causality.common.http;

import io.dropwizard.jersey.validation.JerseyParameterNameProvider;
import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.ParameterNameProvider;
import jakarta.validation.ValidatorFactory;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The names Hibernate Validator gives a resource method's parameters in its messages ({@code query
 * param agents}, {@code ticks}): Dropwizard's {@link JerseyParameterNameProvider}, each method's
 * names found once. Dropwizard's provider reads a method's parameter annotations on every call, and
 * the JDK parses them from the class file every time: the validator asks for every validated
 * request, which was about 2 % of a step's server time in a profile (docs/performance.md,
 * "Simulation HTTP"). The names of a method never change, so they are kept by method.
 */
public final class CachedParameterNames implements ParameterNameProvider {
  private final ParameterNameProvider names;
  private final Map<Executable, List<String>> known = new ConcurrentHashMap<>();

  CachedParameterNames(ParameterNameProvider names) {
    this.names = names;
  }

  /** Dropwizard's validator factory, its parameter names found once per method. */
  public static ValidatorFactory validatorFactory() {
    return Validators.newConfiguration()
        .parameterNameProvider(new CachedParameterNames(new JerseyParameterNameProvider()))
        .buildValidatorFactory();
  }

  @Override
  public List<String> getParameterNames(Constructor<?> constructor) {
    return known.computeIfAbsent(constructor, c -> names.getParameterNames(constructor));
  }

  @Override
  public List<String> getParameterNames(Method method) {
    return known.computeIfAbsent(method, m -> names.getParameterNames(method));
  }
}
