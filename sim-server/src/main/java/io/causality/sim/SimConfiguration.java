package io.causality.sim;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.sim.config.AuthConfig;
import io.causality.sim.config.EvaluationFactory;
import io.causality.sim.config.EventsConfig;
import io.causality.sim.config.IdempotencyFactory;
import io.causality.sim.config.PlaybackConfig;
import io.causality.sim.config.RateLimitFactory;
import io.causality.sim.config.SimulationsConfig;
import io.dropwizard.core.Configuration;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.validation.MaxDataSize;
import io.dropwizard.validation.MinDataSize;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/**
 * The simulation service's configuration. Every key has a working default, so a file with only
 * {@code server}, {@code logging} and {@code database} starts the service.
 */
public class SimConfiguration extends Configuration {
  /** The embedded default: a durable H2 file under var/, shareable with the admin commands. */
  public static final String DEFAULT_DATABASE_URL =
      "jdbc:h2:file:./var/sim-server;WRITE_DELAY=0;AUTO_SERVER=TRUE";

  @Valid @NotNull private DataSourceFactory database = defaultDatabase();

  private boolean migrateOnStart = true;

  @Valid @NotNull private AuthConfig auth = new AuthConfig();

  @Valid @NotNull private SimulationsConfig simulations = new SimulationsConfig();
  @Valid @NotNull private RateLimitFactory rateLimits = new RateLimitFactory();

  @Valid @NotNull private IdempotencyFactory idempotency = new IdempotencyFactory();

  @Valid @NotNull private EvaluationFactory evaluation = new EvaluationFactory();

  @Valid @NotNull private EventsConfig events = new EventsConfig();

  @Valid @NotNull private PlaybackConfig playback = new PlaybackConfig();

  /**
   * The largest request body accepted (413 above it). The largest valid inline scenario (2,000
   * agents, each naming all 32 attractors, long ids) is about 6 MB of compact JSON and 7 MB
   * indented: 16 MiB leaves room for any layout of it.
   */
  @NotNull
  @MinDataSize(value = 1, unit = DataSizeUnit.KIBIBYTES)
  @MaxDataSize(value = 1, unit = DataSizeUnit.GIBIBYTES)
  private DataSize maxRequestBodySize = DataSize.mebibytes(16);

  @JsonProperty("database")
  public DataSourceFactory getDataSourceFactory() {
    return database;
  }

  @JsonProperty("database")
  public void setDataSourceFactory(DataSourceFactory database) {
    this.database = database;
  }

  /** Apply pending Liquibase migrations at start; off for operators who run db migrate. */
  @JsonProperty
  public boolean isMigrateOnStart() {
    return migrateOnStart;
  }

  @JsonProperty
  public void setMigrateOnStart(boolean migrateOnStart) {
    this.migrateOnStart = migrateOnStart;
  }

  @JsonProperty
  public DataSize getMaxRequestBodySize() {
    return maxRequestBodySize;
  }

  @JsonProperty
  public void setMaxRequestBodySize(DataSize maxRequestBodySize) {
    this.maxRequestBodySize = maxRequestBodySize;
  }

  @JsonProperty
  public AuthConfig getAuth() {
    return auth;
  }

  @JsonProperty
  public void setAuth(AuthConfig auth) {
    this.auth = auth;
  }

  @JsonProperty
  public SimulationsConfig getSimulations() {
    return simulations;
  }

  @JsonProperty
  public void setSimulations(SimulationsConfig simulations) {
    this.simulations = simulations;
  }

  @JsonProperty
  public RateLimitFactory getRateLimits() {
    return rateLimits;
  }

  @JsonProperty
  public void setRateLimits(RateLimitFactory rateLimits) {
    this.rateLimits = rateLimits;
  }

  @JsonProperty
  public IdempotencyFactory getIdempotency() {
    return idempotency;
  }

  @JsonProperty
  public void setIdempotency(IdempotencyFactory idempotency) {
    this.idempotency = idempotency;
  }

  @JsonProperty
  public EvaluationFactory getEvaluation() {
    return evaluation;
  }

  @JsonProperty
  public void setEvaluation(EvaluationFactory evaluation) {
    this.evaluation = evaluation;
  }

  @JsonProperty
  public EventsConfig getEvents() {
    return events;
  }

  @JsonProperty
  public void setEvents(EventsConfig events) {
    this.events = events;
  }

  @JsonProperty
  public PlaybackConfig getPlayback() {
    return playback;
  }

  @JsonProperty
  public void setPlayback(PlaybackConfig playback) {
    this.playback = playback;
  }

  private static DataSourceFactory defaultDatabase() {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl(DEFAULT_DATABASE_URL);
    factory.setUser("sa");
    factory.setPassword("");
    return factory;
  }
}
