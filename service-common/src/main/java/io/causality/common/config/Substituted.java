package io.causality.common.config;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A secret of the configuration (a token, a key, a password) that must not hold {@code ${}: such a
 * value is a reference to an environment variable that was never substituted, and as a credential
 * it is public text. Null is valid (not set). The message never shows the value.
 */
@Documented
@Constraint(validatedBy = Substituted.Validator.class)
@Target({
  ElementType.FIELD,
  ElementType.METHOD,
  ElementType.PARAMETER,
  ElementType.RECORD_COMPONENT
})
@Retention(RetentionPolicy.RUNTIME)
public @interface Substituted {
  /** Escaped for the message interpolation, which reads an unescaped dollar-brace as EL. */
  String MESSAGE =
      "holds an unsubstituted \\$\\{...\\}: set its environment variable (the value is not shown)";

  String message() default MESSAGE;

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** The check of {@link Substituted}. */
  final class Validator implements ConstraintValidator<Substituted, String> {
    /** True when the value holds no {@code ${}. */
    public static boolean isSubstituted(String value) {
      return value == null || !value.contains("${");
    }

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
      return isSubstituted(value);
    }
  }
}
