package io.causality.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import org.junit.jupiter.api.Test;

/** Strict substitution of the configuration text, comment lines left as written. */
class StrictEnvironmentTest {
  private static final EnvironmentVariableSubstitutor STRICT =
      new EnvironmentVariableSubstitutor(true, false);

  @Test
  void anUndefinedVariableIsNamedAndADefaultApplies() {
    Throwable failure =
        catchThrowable(
            () -> StrictEnvironment.substitute("token: ${CAUSALITY_NEVER_SET_1}\n", STRICT));
    assertThat(StrictEnvironment.undefinedVariable(failure))
        .contains(
            "the environment variable CAUSALITY_NEVER_SET_1 is not set, and the configuration"
                + " gives it no default");
    assertThat(StrictEnvironment.substitute("a: ${CAUSALITY_NEVER_SET_2:-x}\r\nb: 1", STRICT))
        .isEqualTo("a: x\r\nb: 1");
  }

  @Test
  void commentLinesAreLeftAsWritten() {
    String text = "# token: ${HITL_TOKEN_RUNTIME}\n  #   secret: ${SECRET}\nbind: x\n";
    assertThat(StrictEnvironment.substitute(text, STRICT)).isEqualTo(text);
    assertThat(StrictEnvironment.undefinedVariable(new IllegalStateException("other"))).isEmpty();
  }
}
