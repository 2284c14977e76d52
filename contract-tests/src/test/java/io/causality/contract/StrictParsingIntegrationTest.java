package io.causality.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.causality.common.testing.CoordinatorProcess;
import io.causality.contract.sim.api.HealthApi;
import io.causality.contract.sim.api.ScenariosApi;
import io.causality.contract.sim.invoker.ApiClient;
import io.causality.contract.sim.invoker.ApiException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The strict check of the client tests can fail: a service whose answers carry a member its
 * document lacks (the {@link DriftProxy} in front of the real jar adds one, as a document with that
 * property removed would describe it) makes the generated client with the strict mapper fail on
 * that member, while the generator's default mapper, and a strict setting made on the copy that
 * {@code getObjectMapper()} answers, let it pass unnoticed.
 */
class StrictParsingIntegrationTest {
  private static SimJar sim;
  private static CoordinatorProcess coordinator;

  @BeforeAll
  static void start() {
    sim = SimJar.start();
    coordinator = CoordinatorProcess.deploy().start();
  }

  @AfterAll
  static void stop() {
    sim.close();
    coordinator.close();
  }

  private static ApiClient simClient(String baseUrl, boolean strict) {
    ApiClient client = new ApiClient();
    client.updateBaseUri(baseUrl);
    if (strict) {
      client.setObjectMapper(
          ApiClient.createDefaultObjectMapper()
              .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true));
    }
    return client;
  }

  @Test
  void aMemberTheSimDocumentLacksFailsTheStrictClientNamingIt() throws Exception {
    try (DriftProxy drifted = DriftProxy.in(sim.baseUrl())) {
      ApiException failure =
          catchThrowableOfType(
              ApiException.class,
              () -> new HealthApi(simClient(drifted.baseUrl(), true)).getLiveness(null));
      assertThat(failure).hasCauseInstanceOf(UnrecognizedPropertyException.class);
      assertThat(((UnrecognizedPropertyException) failure.getCause()).getPropertyName())
          .isEqualTo(DriftProxy.MEMBER);
      ApiException nested =
          catchThrowableOfType(
              ApiException.class,
              () ->
                  new ScenariosApi(simClient(drifted.baseUrl(), true))
                      .getScenario("stable-basins", null));
      assertThat(nested).hasCauseInstanceOf(UnrecognizedPropertyException.class);

      assertThat(new HealthApi(simClient(drifted.baseUrl(), false)).getLiveness(null).getService())
          .isEqualTo("sim-server");
      ApiClient configuredOnACopy = simClient(drifted.baseUrl(), false);
      configuredOnACopy
          .getObjectMapper()
          .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
      assertThat(new HealthApi(configuredOnACopy).getLiveness(null).getService())
          .isEqualTo("sim-server");
    }
    assertThat(new HealthApi(simClient(sim.baseUrl(), true)).getLiveness(null).getService())
        .isEqualTo("sim-server");
  }

  @Test
  void aMemberTheCoordinatorDocumentLacksFailsTheStrictClientNamingIt() throws Exception {
    try (DriftProxy drifted = DriftProxy.in(coordinator.baseUrl())) {
      io.causality.contract.coordinator.invoker.ApiClient strict =
          new io.causality.contract.coordinator.invoker.ApiClient();
      strict.updateBaseUri(drifted.baseUrl());
      strict.setObjectMapper(
          io.causality.contract.coordinator.invoker.ApiClient.createDefaultObjectMapper()
              .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true));
      io.causality.contract.coordinator.invoker.ApiException failure =
          catchThrowableOfType(
              io.causality.contract.coordinator.invoker.ApiException.class,
              () -> new io.causality.contract.coordinator.api.HealthApi(strict).getHealth(null));
      assertThat(failure).hasCauseInstanceOf(UnrecognizedPropertyException.class);
      assertThat(((UnrecognizedPropertyException) failure.getCause()).getPropertyName())
          .isEqualTo(DriftProxy.MEMBER);
    }
  }
}
