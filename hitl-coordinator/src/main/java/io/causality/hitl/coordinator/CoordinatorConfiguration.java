package io.causality.hitl.coordinator;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.common.config.ServiceConfiguration;
import io.causality.common.db.DurableDatabase;
import io.causality.hitl.coordinator.config.AuditConfig;
import io.causality.hitl.coordinator.config.AuthorityConfig;
import io.causality.hitl.coordinator.config.BindAddress;
import io.causality.hitl.coordinator.config.CallerConfig;
import io.causality.hitl.coordinator.config.CoordinatorKeyConfig;
import io.causality.hitl.coordinator.config.PolicyConfig;
import io.causality.hitl.coordinator.config.RateLimitsConfig;
import io.causality.hitl.coordinator.config.RetentionConfig;
import io.causality.hitl.coordinator.config.WebhooksConfig;
import io.causality.hitl.coordinator.core.OverrideSettings;
import io.causality.hitl.coordinator.policy.AuthorityKeyConfig;
import io.causality.hitl.coordinator.reload.PolicyReload;
import io.dropwizard.core.server.DefaultServerFactory;
import io.dropwizard.db.DataSourceFactory;
import io.dropwizard.jetty.HttpConnectorFactory;
import io.dropwizard.util.DataSize;
import io.dropwizard.util.DataSizeUnit;
import io.dropwizard.validation.MaxDataSize;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The coordinator's configuration: the seed's keys ({@code bind}, {@code dbPath}, TTLs, {@code
 * policy}, {@code authorities}) plus optional {@code callers}, {@code coordinatorKey}, {@code
 * audit}, {@code rateLimits}, {@code retention} and {@code webhooks}, and Dropwizard's {@code
 * server} (for the admin connector) and {@code logging}. Every key has a default.
 */
public class CoordinatorConfiguration extends ServiceConfiguration {
  public static final int DEFAULT_ADMIN_PORT = 8091;
  private static final long DAY_MS = 86_400_000L;

  @NotNull
  @Pattern(regexp = BindAddress.PATTERN, message = "must be host:port")
  private String bind = "127.0.0.1:8090";

  @NotBlank private String dbPath = "var/hitl-coordinator";

  @Min(1_000)
  @Max(30 * DAY_MS)
  private long pendingRequestTtlMs = 3_600_000L;

  @Min(1_000)
  @Max(30 * DAY_MS)
  private long defaultTokenTtlMs = 300_000L;

  @Valid @NotNull private PolicyConfig policy = new PolicyConfig();

  @Valid @NotNull private List<AuthorityConfig> authorities = new ArrayList<>();

  @Valid @NotNull private List<CallerConfig> callers = new ArrayList<>();

  @Valid @NotNull private CoordinatorKeyConfig coordinatorKey = new CoordinatorKeyConfig();

  @Valid @NotNull private AuditConfig audit = new AuditConfig();

  @Valid @NotNull private RateLimitsConfig rateLimits = new RateLimitsConfig();

  @Valid @NotNull private RetentionConfig retention = new RetentionConfig();

  @Valid @NotNull private WebhooksConfig webhooks = new WebhooksConfig();

  public CoordinatorConfiguration() {
    super(DataSize.mebibytes(4));
    setServerFactory(defaultServer());
  }

  /**
   * At most 64 MiB. A submission's identifiers are at most 255 characters, but its sentinel feed
   * and summary are free JSON: the default of 4 MiB leaves room for a long feed while a body still
   * fits comfortably in memory.
   */
  @Override
  @MaxDataSize(value = 64, unit = DataSizeUnit.MEBIBYTES)
  public DataSize getMaxRequestBodySize() {
    return super.getMaxRequestBodySize();
  }

  @JsonProperty
  public String getBind() {
    return bind;
  }

  @JsonProperty
  public void setBind(String bind) {
    this.bind = bind;
  }

  public BindAddress bindAddress() {
    return BindAddress.parse(bind);
  }

  @JsonProperty
  public String getDbPath() {
    return dbPath;
  }

  @JsonProperty
  public void setDbPath(String dbPath) {
    this.dbPath = dbPath;
  }

  @JsonProperty
  public long getPendingRequestTtlMs() {
    return pendingRequestTtlMs;
  }

  @JsonProperty
  public void setPendingRequestTtlMs(long pendingRequestTtlMs) {
    this.pendingRequestTtlMs = pendingRequestTtlMs;
  }

  @JsonProperty
  public long getDefaultTokenTtlMs() {
    return defaultTokenTtlMs;
  }

  @JsonProperty
  public void setDefaultTokenTtlMs(long defaultTokenTtlMs) {
    this.defaultTokenTtlMs = defaultTokenTtlMs;
  }

  @JsonProperty
  public PolicyConfig getPolicy() {
    return policy;
  }

  @JsonProperty
  public void setPolicy(PolicyConfig policy) {
    this.policy = policy;
  }

  @JsonProperty
  public List<AuthorityConfig> getAuthorities() {
    return authorities;
  }

  @JsonProperty
  public void setAuthorities(List<AuthorityConfig> authorities) {
    this.authorities = authorities;
  }

  @JsonProperty
  public List<CallerConfig> getCallers() {
    return callers;
  }

  @JsonProperty
  public void setCallers(List<CallerConfig> callers) {
    this.callers = callers;
  }

  @JsonProperty
  public CoordinatorKeyConfig getCoordinatorKey() {
    return coordinatorKey;
  }

  @JsonProperty
  public void setCoordinatorKey(CoordinatorKeyConfig coordinatorKey) {
    this.coordinatorKey = coordinatorKey;
  }

  @JsonProperty
  public AuditConfig getAudit() {
    return audit;
  }

  @JsonProperty
  public void setAudit(AuditConfig audit) {
    this.audit = audit;
  }

  @JsonProperty
  public RateLimitsConfig getRateLimits() {
    return rateLimits;
  }

  @JsonProperty
  public void setRateLimits(RateLimitsConfig rateLimits) {
    this.rateLimits = rateLimits;
  }

  @JsonProperty
  public RetentionConfig getRetention() {
    return retention;
  }

  @JsonProperty
  public void setRetention(RetentionConfig retention) {
    this.retention = retention;
  }

  @JsonProperty
  public WebhooksConfig getWebhooks() {
    return webhooks;
  }

  @JsonProperty
  public void setWebhooks(WebhooksConfig webhooks) {
    this.webhooks = webhooks;
  }

  /** The configured lifetimes, for the override service. */
  public OverrideSettings buildOverrideSettings() {
    return new OverrideSettings(pendingRequestTtlMs, defaultTokenTtlMs);
  }

  /** What a reload takes from this configuration (docs/operations.md, "Reloading"). */
  public PolicyReload.Settings buildReloadSettings() {
    return new PolicyReload.Settings(
        policy.policyFile(),
        policy.buildPolicyTrust(),
        defaultTokenTtlMs,
        buildAuthorityKeys(),
        coordinatorKey.privateKeyFile());
  }

  /** The configured authorities as the startup checks take them. */
  public List<AuthorityKeyConfig> buildAuthorityKeys() {
    return authorities.stream()
        .map(
            a ->
                new AuthorityKeyConfig(
                    a.keyId(), a.operatorId(), Path.of(a.privateKeyPemPath()), a.retiresAt()))
        .toList();
  }

  /** Without {@code database}: the durable embedded H2 file at {@code dbPath}. */
  @Override
  protected DataSourceFactory embeddedDatabase() {
    return embeddedH2(DurableDatabase.h2FileUrl(Path.of(dbPath)));
  }

  private static DefaultServerFactory defaultServer() {
    DefaultServerFactory server = new DefaultServerFactory();
    HttpConnectorFactory admin = new HttpConnectorFactory();
    admin.setBindHost("127.0.0.1");
    admin.setPort(DEFAULT_ADMIN_PORT);
    server.setAdminConnectors(List.of(admin));
    return server;
  }
}
