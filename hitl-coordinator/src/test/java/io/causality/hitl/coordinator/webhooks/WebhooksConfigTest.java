package io.causality.hitl.coordinator.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.hitl.coordinator.CoordinatorConfiguration;
import io.causality.hitl.coordinator.config.WebhooksConfig;
import io.causality.hitl.protocol.wire.AuditEventType;
import io.dropwizard.configuration.ConfigurationException;
import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.Duration;
import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The {@code webhooks} block, one YAML per rule under {@code configs/}: the working file and the
 * defaults; each invalid value named by its key (Bean Validation, reported by Dropwizard as the
 * list of invalid keys); each endpoint the startup checks refuse, as the one line the start prints,
 * never with the secret or the URL's path.
 */
class WebhooksConfigTest {
  private static final YamlConfigurationFactory<CoordinatorConfiguration> FACTORY =
      new YamlConfigurationFactory<>(
          CoordinatorConfiguration.class,
          Validators.newValidator(),
          Jackson.newObjectMapper(),
          "dw");

  private static CoordinatorConfiguration load(String name)
      throws IOException, ConfigurationException {
    return FACTORY.build(
        new SubstitutingSourceProvider(
            new ResourceConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)),
        "configs/" + name);
  }

  private static String invalid(String name) {
    Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> load(name));
    assertThat(failure).isInstanceOf(ConfigurationException.class);
    return failure.getMessage();
  }

  private static Optional<String> startProblem(String name) throws Exception {
    return WebhookChecks.firstProblem(load(name).getWebhooks());
  }

  @Test
  void theDefaultsDeliverNothingAndAreValid() {
    WebhooksConfig defaults = new WebhooksConfig();

    assertThat(Validators.newValidator().validate(defaults)).isEmpty();
    assertThat(defaults.getEndpoints()).isEmpty();
    assertThat(defaults.getAllowedHosts()).isEmpty();
    assertThat(defaults.getMaxAttempts()).isEqualTo(20);
    assertThat(defaults.getInitialBackoff()).isEqualTo(Duration.seconds(1));
    assertThat(defaults.getMaxBackoff()).isEqualTo(Duration.minutes(30));
    assertThat(defaults.getPollInterval()).isEqualTo(Duration.milliseconds(250));
    assertThat(defaults.getTimeout()).isEqualTo(Duration.seconds(5));
    assertThat(WebhookChecks.firstProblem(defaults)).isEmpty();
  }

  @Test
  void theTestFileIsValidAndPassesTheStartupChecks() throws Exception {
    WebhooksConfig webhooks = load("webhooks.yml").getWebhooks();

    assertThat(WebhookChecks.firstProblem(webhooks)).isEmpty();
    assertThat(webhooks.getEndpoints()).hasSize(3);
    assertThat(webhooks.getEndpoints().get(0).eventTypeSet()).isEmpty();
    assertThat(webhooks.getEndpoints().get(0).secret()).isEqualTo("audit-log-secret-0123456789");
    assertThat(webhooks.getEndpoints().get(1).eventTypeSet())
        .isEqualTo(Set.of(AuditEventType.APPROVED));
  }

  @Test
  void aSecretIsRequiredAndLongEnough() {
    assertThat(invalid("webhooks-blank-secret.yml"))
        .contains("webhooks.endpoints[0].secret must not be blank")
        .doesNotContain("127.0.0.1:9000");
    assertThat(invalid("webhooks-short-secret.yml"))
        .contains("webhooks.endpoints[0].secret must be at least 16 characters")
        .doesNotContain("short\n");
  }

  @Test
  void aNameIsAShortIdentifier() {
    assertThat(invalid("webhooks-bad-name.yml"))
        .contains("webhooks.endpoints[0].name must be 1 to 64 letters, digits");
  }

  @Test
  void eachBoundIsNamed() {
    assertThat(invalid("webhooks-bounds.yml"))
        .contains("webhooks.maxAttempts must be greater than or equal to 1")
        .contains("webhooks.pollInterval must be greater than or equal to 10 MILLISECONDS")
        .contains("webhooks.timeout must be less than or equal to 1 MINUTES");
    assertThat(invalid("webhooks-backoff-order.yml"))
        .contains("initialBackoff must not exceed maxBackoff");
  }

  @Test
  void anUnknownEventTypeIsRefused() {
    assertThat(invalid("webhooks-unknown-event-type.yml"))
        .contains("webhooks.endpoints.[0].eventTypes.[1]")
        .contains("expected: AuditEventType");
  }

  @Test
  void aHostOutsideAllowedHostsIsRefusedAtStart() throws Exception {
    assertThat(startProblem("webhooks-disallowed-host.yml"))
        .contains(
            "webhooks.endpoints[0] (siem): url host siem.example.org is not in"
                + " webhooks.allowedHosts [127.0.0.1]");
    assertThat(startProblem("webhooks-disallowed-host.yml").orElseThrow())
        .doesNotContain("/hooks/hitl")
        .doesNotContain("siem-secret");
  }

  @Test
  void onlyHttpAndHttpsAreCalled() throws Exception {
    assertThat(startProblem("webhooks-not-http.yml"))
        .contains(
            "webhooks.endpoints[0] (siem): url is not an http or https URL with a host (and no"
                + " user information)");
  }

  @Test
  void aSecretFromAnUnsetVariableIsRefusedAtStart() throws Exception {
    assertThat(startProblem("webhooks-unset-secret.yml"))
        .contains(
            "webhooks.endpoints[0] (siem): secret names an environment variable that is not set;"
                + " set it or configure the secret");
  }

  @Test
  void aNameIsUsedOnce() throws Exception {
    assertThat(startProblem("webhooks-duplicate-name.yml"))
        .contains("webhooks.endpoints[1] (siem): name siem is configured more than once");
  }

  @Test
  void validationFailuresAreConfigurationValidationExceptions() {
    assertThatThrownBy(() -> load("webhooks-bounds.yml"))
        .isInstanceOf(ConfigurationValidationException.class);
  }
}
