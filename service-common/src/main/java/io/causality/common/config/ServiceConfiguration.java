package io.causality.common.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.causality.common.db.DurableDatabase;
import io.causality.common.db.EmbeddedDatabaseSecrets;
import io.causality.common.metrics.MonitoringFactory;
import io.causality.common.tracing.TracingFactory;
import io.dropwizard.core.Configuration;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.jackson.Jackson;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.validation.MinDataSize;
import io.dropwizard.validation.ValidationMethod;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.util.List;

/**
 * What both services configure alike: the {@code database}, {@code migrateOnStart} and {@code
 * maxRequestBodySize} keys. Getters return what was read; {@link #buildDataSourceFactory()} builds
 * from it without changing it.
 *
 * <p>A service names its embedded default database ({@link #embeddedDatabase()}) and its default
 * body limit; it may bound the limit from above by overriding {@link #getMaxRequestBodySize()} with
 * {@code @MaxDataSize}.
 */
public abstract class ServiceConfiguration extends Configuration {
  private static final ObjectMapper COPIER = Jackson.newObjectMapper();

  /** Optional: without it, the service's embedded H2 file ({@link #embeddedDatabase()}). */
  @Valid private DataSourceFactory database;

  private boolean migrateOnStart = true;

  @Valid @NotNull private TracingFactory tracing = new TracingFactory();

  @Valid @NotNull private MonitoringFactory monitoring = new MonitoringFactory();

  /** The admin port's bearer token (always required): {@link AdminConfig}. */
  @Valid @NotNull private AdminConfig admin = new AdminConfig();

  /**
   * Host names (or addresses) clients may use for this service besides loopback and the addresses
   * it listens on: its DNS names, a proxy's public name. Any other {@code Host} is answered 421.
   */
  @NotNull
  private List<
          @NotNull
          @Pattern(
              regexp = "[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\]",
              message = "must be a host name or an address, without a scheme or a port")
          String>
      publicNames = List.of();

  @NotNull
  @MinDataSize(value = 1, unit = DataSizeUnit.KIBIBYTES)
  private DataSize maxRequestBodySize;

  protected ServiceConfiguration(DataSize defaultMaxRequestBodySize) {
    this.maxRequestBodySize = defaultMaxRequestBodySize;
  }

  /** The database as configured, or null for the embedded default. */
  @JsonProperty("database")
  public DataSourceFactory getDatabase() {
    return database;
  }

  @JsonProperty("database")
  public void setDatabase(DataSourceFactory database) {
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

  /** W3C trace context, and the export of spans when an OTLP collector is named. */
  @JsonProperty
  public TracingFactory getTracing() {
    return tracing;
  }

  @JsonProperty
  public void setTracing(TracingFactory tracing) {
    this.tracing = tracing;
  }

  /** The database gauges' interval and the free disk space the health check wants. */
  @JsonProperty
  public MonitoringFactory getMonitoring() {
    return monitoring;
  }

  @JsonProperty
  public void setMonitoring(MonitoringFactory monitoring) {
    this.monitoring = monitoring;
  }

  @JsonProperty
  public AdminConfig getAdmin() {
    return admin;
  }

  @JsonProperty
  public void setAdmin(AdminConfig admin) {
    this.admin = admin;
  }

  @JsonProperty
  public List<String> getPublicNames() {
    return publicNames;
  }

  @JsonProperty
  public void setPublicNames(List<String> publicNames) {
    this.publicNames = publicNames;
  }

  /** The largest request body accepted (413 above it). */
  @JsonProperty
  public DataSize getMaxRequestBodySize() {
    return maxRequestBodySize;
  }

  @JsonProperty
  public void setMaxRequestBodySize(DataSize maxRequestBodySize) {
    this.maxRequestBodySize = maxRequestBodySize;
  }

  /**
   * A password of {@code ${...}} was never substituted: refused, as every secret ({@link
   * Substituted}).
   */
  @JsonIgnore
  @ValidationMethod(message = "database.password " + Substituted.MESSAGE)
  public boolean isDatabasePasswordSubstituted() {
    return database == null || Substituted.Validator.isSubstituted(database.getPassword());
  }

  /**
   * A new factory for the configured database, or the embedded default, with durable commits forced
   * on for an embedded H2 file ({@link DurableDatabase#enforceDurability}) and, for the embedded
   * default user, the generated password ({@link EmbeddedDatabaseSecrets}: created owner-only
   * beside the database at the first call). The configured factory is copied, never changed.
   */
  public DataSourceFactory buildDataSourceFactory() {
    DataSourceFactory factory = database == null ? embeddedDatabase() : copy(database);
    factory.setUrl(DurableDatabase.enforceDurability(factory.getUrl()));
    EmbeddedDatabaseSecrets.secure(factory);
    EmbeddedDatabaseSecrets.ownerOnlyFiles(factory.getUrl());
    return factory;
  }

  /** A new factory for the service's embedded database, used when {@code database} is absent. */
  protected abstract DataSourceFactory embeddedDatabase();

  /** An embedded H2 database at {@code url}, with the embedded user. */
  protected static DataSourceFactory embeddedH2(String url) {
    DataSourceFactory factory = new DataSourceFactory();
    factory.setDriverClass("org.h2.Driver");
    factory.setUrl(url);
    factory.setUser("sa");
    factory.setPassword("");
    return factory;
  }

  private static DataSourceFactory copy(DataSourceFactory factory) {
    // through its JSON form: every setting the YAML can hold survives, whatever Dropwizard adds
    return COPIER.convertValue(COPIER.valueToTree(factory), DataSourceFactory.class);
  }
}
