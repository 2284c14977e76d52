package io.causality.hitl.coordinator.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The {@code retention} block: off by default, one valid and one invalid YAML. */
class RetentionConfigTest {
  private static final YamlConfigurationFactory<CoordinatorConfiguration> FACTORY =
      new YamlConfigurationFactory<>(
          CoordinatorConfiguration.class,
          Validators.newValidator(),
          Jackson.newObjectMapper(),
          "dw");

  private static CoordinatorConfiguration load(String name) throws Exception {
    return FACTORY.build(new ResourceConfigurationSourceProvider(), "configs/" + name);
  }

  @Test
  void withoutTheBlockEveryRequestIsKept() {
    RetentionConfig defaults = new RetentionConfig();

    assertThat(defaults.keep()).isEmpty();
    assertThat(Validators.newValidator().validate(defaults)).isEmpty();
  }

  @Test
  void aRetentionAndItsSweepAreRead() throws Exception {
    RetentionConfig read = load("retention.yml").getRetention();

    assertThat(read.keep()).contains(Duration.ofDays(90));
    assertThat(read.getSweepInterval().toMinutes()).isEqualTo(30);
  }

  @Test
  void aRetentionUnderADayAndASweepUnderAMinuteAreNamed() {
    Throwable failure = catchThrowable(() -> load("retention-bounds.yml"));

    assertThat(failure).isInstanceOf(ConfigurationException.class);
    assertThat(failure.getMessage())
        .contains("retention.decidedRequests must be greater than or equal to 1 DAYS")
        .contains("retention.sweepInterval must be greater than or equal to 1 MINUTES");
  }
}
