package io.causality.common.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.dropwizard.jersey.validation.Validators;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstraintViolationExceptionMapperTest {

  private final Validator validator = Validators.newValidator();

  record Inner(@NotNull String b, @NotNull String a) {}

  record Body(
      @NotBlank String zeta, @NotNull @Valid Inner middle, @NotBlank @Size(max = 1) String alpha) {}

  @Test
  void issuesComeInTheOrderTheRecordDeclaresItsMembers() {
    assertThat(paths(new Body(null, null, null))).containsExactly("zeta", "middle", "alpha");
  }

  @Test
  void nestedIssuesOfOneMemberComeInPathOrder() {
    assertThat(paths(new Body(" ", new Inner(null, null), "xx")))
        .containsExactly("zeta", "middle.a", "middle.b", "alpha");
  }

  private List<String> paths(Object body) {
    var exception = new ConstraintViolationException(validator.validate(body));
    var envelope =
        (ErrorEnvelope) new ConstraintViolationExceptionMapper().toResponse(exception).getEntity();
    return ((ValidationDetails) envelope.error().details())
        .issues().stream().map(ValidationIssue::path).toList();
  }
}
