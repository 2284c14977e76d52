package io.causality.common.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.jersey.validation.JerseyParameterNameProvider;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ParameterNameProvider;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Parameter names as Dropwizard's provider gives them, each method's found once. */
class CachedParameterNamesTest {
  /** A resource method as the validator sees one. */
  public static final class Resource {
    public String list(
        @PathParam("id") String id, @QueryParam("limit") @Min(1) @Max(200) int limit, String body) {
      return id + limit + body;
    }
  }

  private static Method list() throws NoSuchMethodException {
    return Resource.class.getMethod("list", String.class, int.class, String.class);
  }

  @Test
  void givesDropwizardsNamesAndAsksForEachMethodOnce() throws Exception {
    List<Method> asked = new ArrayList<>();
    JerseyParameterNameProvider dropwizard = new JerseyParameterNameProvider();
    ParameterNameProvider counting =
        new ParameterNameProvider() {
          @Override
          public List<String> getParameterNames(Constructor<?> constructor) {
            return dropwizard.getParameterNames(constructor);
          }

          @Override
          public List<String> getParameterNames(Method method) {
            asked.add(method);
            return dropwizard.getParameterNames(method);
          }
        };
    CachedParameterNames names = new CachedParameterNames(counting);

    List<String> first = names.getParameterNames(list());
    List<String> second = names.getParameterNames(list());

    assertThat(first).isEqualTo(dropwizard.getParameterNames(list()));
    assertThat(first.subList(0, 2)).containsExactly("path param id", "query param limit");
    assertThat(second).isEqualTo(first);
    assertThat(asked).containsExactly(list());
  }

  @Test
  void theValidatorNamesABadQueryParameterAsDropwizardDoes() throws Exception {
    Set<ConstraintViolation<Resource>> violations =
        CachedParameterNames.validatorFactory()
            .getValidator()
            .forExecutables()
            .validateParameters(new Resource(), list(), new Object[] {"a", 0, "b"});

    assertThat(violations)
        .extracting(v -> v.getPropertyPath().toString())
        .containsExactly("list.query param limit");
  }
}
