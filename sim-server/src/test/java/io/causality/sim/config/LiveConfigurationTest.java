package io.causality.sim.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.causality.sim.SimConfiguration;
import io.dropwizard.configuration.ConfigurationValidationException;
import io.dropwizard.configuration.ResourceConfigurationSourceProvider;
import io.dropwizard.configuration.YamlConfigurationFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The events, playback, engine and simulations blocks: defaults, every key, and the bounds. */
class LiveConfigurationTest {
  private final YamlConfigurationFactory<SimConfiguration> factory =
      new YamlConfigurationFactory<>(
          SimConfiguration.class, Validators.newValidator(), Jackson.newObjectMapper(), "dw");

  private SimConfiguration load(String name) throws Exception {
    return factory.build(new ResourceConfigurationSourceProvider(), "configs/" + name);
  }

  @Test
  void defaultsAreTheSpecsHeartbeatAndTenTicksPerSecond() throws Exception {
    SimConfiguration configuration = load("minimal.yml");
    EventsConfig events = configuration.getEvents();
    assertThat(events.getHeartbeatInterval()).isEqualTo(Duration.seconds(30));
    assertThat(events.getProbeInterval()).isEqualTo(Duration.seconds(1));
    assertThat(events.getClientBuffer()).isEqualTo(4_096);
    assertThat(events.getMaxStreams()).isEqualTo(1_000);
    assertThat(events.getWriteTimeout()).isEqualTo(Duration.seconds(30));
    PlaybackConfig playback = configuration.getPlayback();
    assertThat(playback.getBaseTicksPerSecond()).isEqualTo(10);
    assertThat(playback.getBatchInterval()).isEqualTo(Duration.milliseconds(25));
    assertThat(playback.getThreads()).isEqualTo(2);
    assertThat(configuration.getEngine().getThreads())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
  }

  @Test
  void everyKeyCanBeSet() throws Exception {
    SimConfiguration configuration = load("live-valid.yml");
    EventsConfig events = configuration.getEvents();
    assertThat(events.getHeartbeatInterval()).isEqualTo(Duration.seconds(5));
    assertThat(events.getProbeInterval()).isEqualTo(Duration.milliseconds(500));
    assertThat(events.getClientBuffer()).isEqualTo(256);
    assertThat(events.getMaxStreams()).isEqualTo(50);
    assertThat(events.getWriteTimeout()).isEqualTo(Duration.seconds(2));
    PlaybackConfig playback = configuration.getPlayback();
    assertThat(playback.getBaseTicksPerSecond()).isEqualTo(100);
    assertThat(playback.getBatchInterval()).isEqualTo(Duration.milliseconds(20));
    assertThat(playback.getThreads()).isEqualTo(4);
    assertThat(configuration.getEngine().getThreads()).isEqualTo(3);
  }

  @ParameterizedTest
  @CsvSource({
    "live-invalid-heartbeat.yml, events.heartbeatInterval",
    "live-invalid-probe.yml, events.probeInterval",
    "live-invalid-client-buffer.yml, events.clientBuffer",
    "live-invalid-base-rate.yml, playback.baseTicksPerSecond",
    "live-invalid-batch-interval.yml, playback.batchInterval",
    "live-invalid-engine-threads.yml, engine.threads"
  })
  void outOfBoundsValuesAreRefused(String file, String key) {
    assertThatThrownBy(() -> load(file))
        .isInstanceOf(ConfigurationValidationException.class)
        .hasMessageContaining(key);
  }

  @Test
  void byDefaultAThousandInstancesAndTheAgentsAQuarterOfTheHeapHoldsAreKeptInMemory()
      throws Exception {
    SimulationsConfig simulations = load("minimal.yml").getSimulations();

    assertThat(simulations.getMaxLiveInstances()).isEqualTo(1_000);
    assertThat(simulations.getMaxLiveAgents()).isNull();
    // the packaged -Xmx512m: 128 MB at 420 bytes an agent
    assertThat(simulations.liveAgents(512L << 20)).isEqualTo(319_566);
    // never fewer than the largest simulation, never more than 2,000,000 unless set
    assertThat(simulations.liveAgents(64L << 20)).isEqualTo(100_000);
    assertThat(simulations.liveAgents(16L << 30)).isEqualTo(2_000_000);
  }

  @Test
  void setLiveAgentsAreKeptWhateverTheHeap() throws Exception {
    SimulationsConfig simulations = load("simulations-live-agents.yml").getSimulations();

    assertThat(simulations.liveAgents(512L << 20)).isEqualTo(3_000_000);
    assertThat(simulations.liveAgents(16L << 30)).isEqualTo(3_000_000);
  }

  @Test
  void fewerLiveAgentsThanTheLargestSimulationAreRefused() {
    assertThatThrownBy(() -> load("simulations-invalid-live-agents.yml"))
        .isInstanceOf(ConfigurationValidationException.class)
        .hasMessageContaining("simulations.maxLiveAgents");
  }
}
