package io.causality.sim.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.SimConfiguration;
import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import org.junit.jupiter.api.Test;

/** The simulations block's bounds on the engine instances kept in memory. */
class SimulationsConfigurationTest {
  private final YamlConfigurationFactory<SimConfiguration> factory =
      new YamlConfigurationFactory<>(
          SimConfiguration.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw");

  private SimConfiguration load(String name) throws Exception {
    return factory.build(new ResourceConfigurationSourceProvider(), "configs/" + name);
  }

  @Test
  void byDefaultAThousandInstancesOrTwoMillionAgentsAreKept() throws Exception {
    SimulationsConfig simulations = load("minimal.yml").getSimulations();

    assertThat(simulations.getMaxLiveInstances()).isEqualTo(1_000);
    assertThat(simulations.getMaxLiveAgents()).isEqualTo(2_000_000);
  }

  @Test
  void fewerAgentsThanTheLargestSimulationAreRefused() {
    assertThatThrownBy(() -> load("simulations-invalid-live-agents.yml"))
        .isInstanceOf(ConfigurationValidationException.class)
        .hasMessageContaining("simulations.maxLiveAgents");
  }
}
