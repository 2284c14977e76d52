package io.causality.sim.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.SimConfiguration;
import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.Duration;
import org.junit.jupiter.api.Test;

/** The rateLimits and idempotency blocks: defaults, every key, and the bounds. */
class LimitsConfigurationTest {
  private final YamlConfigurationFactory<SimConfiguration> factory =
      new YamlConfigurationFactory<>(
          SimConfiguration.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw");

  private SimConfiguration load(String name) throws Exception {
    return factory.build(new ResourceConfigurationSourceProvider(), "configs/" + name);
  }

  @Test
  void defaultsAreTheSpecsWindowAndBoundedStorage() throws Exception {
    SimConfiguration configuration = load("minimal.yml");
    assertThat(configuration.getRateLimits().isEnabled()).isTrue();
    assertThat(configuration.getRateLimits().getWindow()).isEqualTo(Duration.seconds(60));
    assertThat(configuration.getIdempotency().getMaxStoredBodySize())
        .isEqualTo(DataSize.mebibytes(1));
  }

  @Test
  void everyKeyCanBeSet() throws Exception {
    SimConfiguration configuration = load("limits-valid.yml");
    assertThat(configuration.getRateLimits().isEnabled()).isFalse();
    assertThat(configuration.getRateLimits().getWindow()).isEqualTo(Duration.seconds(2));
    assertThat(configuration.getRateLimits().getMaxCounters()).isEqualTo(500);
    assertThat(configuration.getIdempotency().getInFlightTimeout()).isEqualTo(Duration.minutes(2));
  }

  @Test
  void aWindowUnderOneSecondIsRefused() {
    assertThatThrownBy(() -> load("limits-invalid-window.yml"))
        .isInstanceOf(ConfigurationValidationException.class)
        .hasMessageContaining("rateLimits.window");
  }

  @Test
  void anUnboundedStoredBodyIsRefused() {
    assertThatThrownBy(() -> load("limits-invalid-body-size.yml"))
        .isInstanceOf(ConfigurationValidationException.class)
        .hasMessageContaining("idempotency.maxStoredBodySize");
  }
}
