package io.causality.sim;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.common.config.ServiceConfiguration;
import io.causality.sim.config.AuthConfig;
import io.causality.sim.config.EngineConfig;
import io.causality.sim.config.EvaluationFactory;
import io.causality.sim.config.EventsConfig;
import io.causality.sim.config.ExperimentsConfig;
import io.causality.sim.config.IdempotencyFactory;
import io.causality.sim.config.PlaybackConfig;
import io.causality.sim.config.RateLimitFactory;
import io.causality.sim.config.SimulationsConfig;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.validation.MaxDataSize;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;

/**
 * The simulation service's configuration. Every key has a working default, so a file with only
 * {@code server}, {@code logging} and {@code database} starts the service; {@code database}, {@code
 * migrateOnStart} and {@code maxRequestBodySize} are read as by the coordinator ({@link
 * ServiceConfiguration}).
 */
public class SimConfiguration extends ServiceConfiguration {
  /** The embedded default: a durable H2 file under var/, shareable with the admin commands. */
  public static final String DEFAULT_DATABASE_URL =
      "jdbc:h2:file:./var/sim-server;WRITE_DELAY=0;AUTO_SERVER=TRUE";

  @Valid @NotNull private AuthConfig auth = new AuthConfig();

  @Valid @NotNull private SimulationsConfig simulations = new SimulationsConfig();
  @Valid @NotNull private RateLimitFactory rateLimits = new RateLimitFactory();

  @Valid @NotNull private IdempotencyFactory idempotency = new IdempotencyFactory();

  @Valid @NotNull private EvaluationFactory evaluation = new EvaluationFactory();

  @Valid @NotNull private EventsConfig events = new EventsConfig();

  @Valid @NotNull private PlaybackConfig playback = new PlaybackConfig();

  @Valid @NotNull private EngineConfig engine = new EngineConfig();
  @Valid @NotNull private ExperimentsConfig experiments = new ExperimentsConfig();

  public SimConfiguration() {
    super(DataSize.mebibytes(16));
  }

  /**
   * At most 1 GiB. The largest valid inline scenario (2,000 agents, each naming all 32 attractors,
   * long ids) is about 6 MB of compact JSON and 7 MB indented: the default of 16 MiB leaves room
   * for any layout of it.
   */
  @Override
  @MaxDataSize(value = 1, unit = DataSizeUnit.GIBIBYTES)
  public DataSize getMaxRequestBodySize() {
    return super.getMaxRequestBodySize();
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

  @JsonProperty
  public EngineConfig getEngine() {
    return engine;
  }

  @JsonProperty
  public void setEngine(EngineConfig engine) {
    this.engine = engine;
  }

  @JsonProperty
  public ExperimentsConfig getExperiments() {
    return experiments;
  }

  @JsonProperty
  public void setExperiments(ExperimentsConfig experiments) {
    this.experiments = experiments;
  }

  @Override
  protected DataSourceFactory embeddedDatabase() {
    return embeddedH2(DEFAULT_DATABASE_URL);
  }
}
