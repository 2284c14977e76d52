package io.causality.common.metrics;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import jakarta.validation.constraints.NotNull;
import java.util.concurrent.TimeUnit;

/**
 * The {@code monitoring} block both services read: how often the gauges read from the database are
 * read again (whatever the scrape interval), and the free disk space below which the {@code
 * disk-space} health check fails.
 */
public class MonitoringFactory {
  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.SECONDS)
  @MaxDuration(value = 5, unit = TimeUnit.MINUTES)
  private Duration databaseGaugeInterval = Duration.seconds(5);

  @NotNull private DataSize minFreeDiskSpace = DataSize.mebibytes(256);

  @JsonProperty
  public Duration getDatabaseGaugeInterval() {
    return databaseGaugeInterval;
  }

  @JsonProperty
  public void setDatabaseGaugeInterval(Duration databaseGaugeInterval) {
    this.databaseGaugeInterval = databaseGaugeInterval;
  }

  @JsonProperty
  public DataSize getMinFreeDiskSpace() {
    return minFreeDiskSpace;
  }

  @JsonProperty
  public void setMinFreeDiskSpace(DataSize minFreeDiskSpace) {
    this.minFreeDiskSpace = minFreeDiskSpace;
  }

  /** A value read from the database at most once per {@code databaseGaugeInterval}. */
  public <T> CachedValue<T> cached(String name, T initial, java.util.function.Supplier<T> read) {
    return new CachedValue<>(
        name, initial, read, databaseGaugeInterval.toJavaDuration(), System::nanoTime);
  }
}
