package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDataSize;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDataSize;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/**
 * The event streams ({@code GET /v1/simulations/{id}/events}, docs/simulations.md): {@code
 * heartbeatInterval} is the spec's 30 seconds, which tests shorten.
 */
public class EventsConfig {
  @NotNull
  @MinDuration(value = 10, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 10, unit = TimeUnit.MINUTES)
  private Duration heartbeatInterval = Duration.seconds(30);

  @NotNull
  @MinDuration(value = 10, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.MINUTES)
  private Duration probeInterval = Duration.seconds(1);

  @Min(16)
  @Max(1_000_000)
  private int clientBuffer = 4_096;

  @NotNull
  @MinDataSize(value = 64, unit = DataSizeUnit.KIBIBYTES)
  @MaxDataSize(value = 1, unit = DataSizeUnit.GIBIBYTES)
  private DataSize clientBufferBytes = DataSize.mebibytes(32);

  @Min(1)
  @Max(100_000)
  private int maxStreams = 1_000;

  @NotNull
  @MinDuration(value = 100, unit = TimeUnit.MILLISECONDS)
  @MaxDuration(value = 10, unit = TimeUnit.MINUTES)
  private Duration writeTimeout = Duration.seconds(30);

  /** How often every stream gets a heartbeat event. */
  @JsonProperty
  public Duration getHeartbeatInterval() {
    return heartbeatInterval;
  }

  @JsonProperty
  public void setHeartbeatInterval(Duration heartbeatInterval) {
    this.heartbeatInterval = heartbeatInterval;
  }

  /**
   * The longest a stream's connection goes unwritten: then a comment line (no event) tells whether
   * the client is still there, so that a client that went away frees its slot within two intervals.
   */
  @JsonProperty
  public Duration getProbeInterval() {
    return probeInterval;
  }

  @JsonProperty
  public void setProbeInterval(Duration probeInterval) {
    this.probeInterval = probeInterval;
  }

  /** Events a client may fall behind by before it is sent an error and disconnected. */
  @JsonProperty
  public int getClientBuffer() {
    return clientBuffer;
  }

  @JsonProperty
  public void setClientBuffer(int clientBuffer) {
    this.clientBuffer = clientBuffer;
  }

  /**
   * Bytes of encoded events a client may fall behind by: large ticks (every agent's snapshot) reach
   * it long before {@link #getClientBuffer()} events do. Also the most a change's events may hold
   * while they are published; a larger change's streams read it back from storage.
   */
  @JsonProperty
  public DataSize getClientBufferBytes() {
    return clientBufferBytes;
  }

  @JsonProperty
  public void setClientBufferBytes(DataSize clientBufferBytes) {
    this.clientBufferBytes = clientBufferBytes;
  }

  /** Streams this server holds open at once, over all organizations (one thread each). */
  @JsonProperty
  public int getMaxStreams() {
    return maxStreams;
  }

  @JsonProperty
  public void setMaxStreams(int maxStreams) {
    this.maxStreams = maxStreams;
  }

  /** How long a write to a client that reads nothing may block before the client is cut. */
  @JsonProperty
  public Duration getWriteTimeout() {
    return writeTimeout;
  }

  @JsonProperty
  public void setWriteTimeout(Duration writeTimeout) {
    this.writeTimeout = writeTimeout;
  }
}
