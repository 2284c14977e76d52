package io.causality.sim.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import io.causality.common.config.StrictEnvironment;
import io.causality.sim.SimApplication;
import io.causality.sim.SimConfiguration;
import io.causality.sim.testing.SimTestFixture;
import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.testing.ConfigOverride;
import io.dropwizard.testing.DropwizardTestSupport;
import io.dropwizard.testing.ResourceHelpers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Secrets from the environment, strictly (docs/configuration.md, "Secrets"): an undefined variable
 * without a default stops the start and is named; a secret that still reads {@code ${...}} (an
 * escaped {@code $${NAME}} in the file, a {@code -Ddw.} override) stops it too, without showing the
 * value. Before, both started, and the text {@code ${NAME}} was a working credential.
 */
class EnvironmentSubstitutionIntegrationTest {
  private final Path dir = SimTestFixture.tempDirectory();

  @Test
  void anUndefinedVariableWithoutADefaultStopsTheStartAndIsNamed() throws Exception {
    String variable = "SIM_TEST_VARIABLE_NEVER_SET_" + System.nanoTime();
    Path config = dir.resolve("undefined.yml");
    String minimal =
        Files.readString(Path.of(ResourceHelpers.resourceFilePath("configs/minimal.yml")));
    Files.writeString(config, minimal + "auth:\n  jwtSecret: ${" + variable + "}\n");

    Throwable failure = catchThrowable(() -> start(config.toString()));

    assertThat(StrictEnvironment.undefinedVariable(failure))
        .contains(
            "the environment variable "
                + variable
                + " is not set, and the configuration"
                + " gives it no default");
  }

  @Test
  void aDefaultStillApplies() throws Exception {
    Path config = dir.resolve("default.yml");
    String minimal =
        Files.readString(Path.of(ResourceHelpers.resourceFilePath("configs/minimal.yml")));
    Files.writeString(
        config, minimal + "auth:\n  jwtSecret: ${SIM_TEST_VARIABLE_NEVER_SET_EITHER:-}\n");

    DropwizardTestSupport<SimConfiguration> support = support(config.toString());
    try {
      support.before();
      assertThat(support.getConfiguration().getAuth().getJwtSecret()).isNull();
    } finally {
      support.after();
    }
  }

  @Test
  void eachSecretThatStillHoldsAVariableReferenceStopsTheStart() {
    String reference = "${SIM_SECRET_THAT_WAS_NEVER_SUBSTITUTED_0123456789}";
    for (String key :
        List.of("auth.jwtSecret", "evaluation.coordinatorToken", "database.password")) {
      Throwable failure =
          catchThrowable(
              () ->
                  start(
                      ResourceHelpers.resourceFilePath("configs/minimal.yml"),
                      ConfigOverride.config(key, reference)));
      assertThat(failure).as(key).isInstanceOf(ConfigurationValidationException.class);
      assertThat(failure.getMessage())
          .as(key)
          .contains(key + " holds an unsubstituted ${...}")
          .doesNotContain("NEVER_SUBSTITUTED");
    }
  }

  private void start(String config, ConfigOverride... extra) throws Exception {
    DropwizardTestSupport<SimConfiguration> support = support(config, extra);
    try {
      support.before();
    } finally {
      support.after();
    }
    fail("sim-server started");
  }

  private DropwizardTestSupport<SimConfiguration> support(String config, ConfigOverride... extra) {
    List<ConfigOverride> overrides =
        new ArrayList<>(SimTestFixture.databaseOverrides(dir.resolve("sim")));
    overrides.addAll(List.of(extra));
    return new DropwizardTestSupport<>(
        SimApplication.class, config, overrides.toArray(ConfigOverride[]::new));
  }
}
