package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.sim.idempotency.IdempotencyCleaner;
import io.causality.sim.idempotency.IdempotencyFeature;
import io.causality.sim.idempotency.IdempotencyStore;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDataSize;
import io.dropwizard.validation.MinDataSize;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.NotNull;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Jdbi;

/**
 * Idempotency-Key handling (docs/idempotency.md). Keys expire after the spec's 24 hours, which is
 * not configurable; these settings bound what is stored and how often it is cleaned.
 */
public class IdempotencyFactory {
  @NotNull
  @MinDataSize(0)
  @MaxDataSize(value = 64, unit = io.dropwizard.util.DataSizeUnit.MEBIBYTES)
  private DataSize maxStoredBodySize = DataSize.mebibytes(1);

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MILLISECONDS)
  private Duration cleanupInterval = Duration.hours(1);

  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.SECONDS)
  private Duration inFlightTimeout = Duration.minutes(10);

  /** Larger 2xx bodies are not stored; a retry then gets 409, and the request never re-runs. */
  @JsonProperty
  public DataSize getMaxStoredBodySize() {
    return maxStoredBodySize;
  }

  @JsonProperty
  public void setMaxStoredBodySize(DataSize maxStoredBodySize) {
    this.maxStoredBodySize = maxStoredBodySize;
  }

  /** How often expired keys are deleted. */
  @JsonProperty
  public Duration getCleanupInterval() {
    return cleanupInterval;
  }

  @JsonProperty
  public void setCleanupInterval(Duration cleanupInterval) {
    this.cleanupInterval = cleanupInterval;
  }

  /** After this long, a claim still in flight counts as abandoned and may be taken over. */
  @JsonProperty
  public Duration getInFlightTimeout() {
    return inFlightTimeout;
  }

  @JsonProperty
  public void setInFlightTimeout(Duration inFlightTimeout) {
    this.inFlightTimeout = inFlightTimeout;
  }

  public IdempotencyStore buildStore(Jdbi jdbi, Clock clock) {
    return new IdempotencyStore(jdbi, clock, inFlightTimeout.toJavaDuration());
  }

  /**
   * The cleaner; {@code exclusiveDatabase} when this process alone serves the database, so that
   * claims in flight at its start are known to be abandoned.
   */
  public IdempotencyCleaner buildCleaner(IdempotencyStore store, boolean exclusiveDatabase) {
    return new IdempotencyCleaner(store, cleanupInterval.toJavaDuration(), exclusiveDatabase);
  }

  public IdempotencyFeature buildFeature(IdempotencyStore store) {
    return new IdempotencyFeature(store, (int) maxStoredBodySize.toBytes());
  }
}
