package io.causality.sim.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.configuration.ConfigurationFactory;
import io.dropwizard.configuration.DefaultConfigurationFactoryFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The {@code evaluation} block as Dropwizard reads it: the retired {@code licenseId} is still
 * accepted (an old file starts), while an unknown key is still refused.
 */
class EvaluationFactoryTest {
  // Configured as Dropwizard configures the factory of a service's file (unknown keys fail).
  private final ConfigurationFactory<EvaluationFactory> factory =
      new DefaultConfigurationFactoryFactory<EvaluationFactory>()
          .create(
              EvaluationFactory.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw");

  @Test
  @SuppressWarnings("deprecation")
  void anOldFileWithLicenseIdStillParses() throws Exception {
    EvaluationFactory read =
        parse("coordinatorUrl: http://127.0.0.1:8090\nlicenseId: sim-server\n");

    assertThat(read.getLicenseId()).isEqualTo("sim-server");
    assertThat(read.isEnabled()).isFalse();
  }

  @Test
  void anUnknownKeyIsStillRefused() {
    assertThatThrownBy(() -> parse("licenceId: sim-server\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("licenceId");
  }

  @Test
  void plainHttpToAnotherHostStopsTheStart() {
    assertThatThrownBy(() -> parse("coordinatorUrl: http://coordinator.example:8090\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("coordinatorTransportSafe")
        .hasMessageContaining("allowInsecureCoordinator");
    assertThatThrownBy(() -> parse("coordinatorUrl: http://10.1.2.3:8090\n"))
        .isInstanceOf(ConfigurationException.class);
    assertThatThrownBy(() -> parse("coordinatorUrl: ftp://127.0.0.1/\n"))
        .isInstanceOf(ConfigurationException.class);
  }

  @Test
  void httpsLoopbackOrAnExplicitAllowanceStart() throws Exception {
    assertThat(parse("coordinatorUrl: https://coordinator.example:8443\n").getCoordinatorUrl())
        .hasHost("coordinator.example");
    assertThat(parse("coordinatorUrl: http://127.0.0.2:8090\n").isCoordinatorTransportSafe())
        .isTrue();
    assertThat(parse("coordinatorUrl: http://[::1]:8090\n").isCoordinatorTransportSafe()).isTrue();
    assertThat(parse("coordinatorUrl: http://LOCALHOST:8090\n").isCoordinatorTransportSafe())
        .isTrue();
    assertThat(
            parse(
                    "coordinatorUrl: http://coordinator.example:8090\nallowInsecureCoordinator: true\n")
                .isAllowInsecureCoordinator())
        .isTrue();
  }

  private EvaluationFactory parse(String yaml) throws Exception {
    return factory.build(
        path -> new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)), "evaluation.yml");
  }
}
