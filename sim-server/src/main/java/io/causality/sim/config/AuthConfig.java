package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.causality.common.config.Substituted;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.concurrent.TimeUnit;

/**
 * Authentication settings. The JWT secret comes from the environment ({@code jwtSecret:
 * ${SIM_JWT_SECRET:-}}), never from a committed file; without one, bearer tokens are refused and
 * API keys still work.
 */
public class AuthConfig {
  @Size(min = 32, message = "must be at least 32 characters (HS256 needs 256 bits)")
  @Substituted
  private String jwtSecret;

  /** How long an active API key is remembered: also how late a revocation may take effect. */
  @NotNull
  @MaxDuration(value = 5, unit = TimeUnit.MINUTES)
  private Duration apiKeyCacheTtl = Duration.seconds(10);

  @JsonProperty
  public String getJwtSecret() {
    return jwtSecret;
  }

  @JsonProperty
  public void setJwtSecret(String jwtSecret) {
    this.jwtSecret = jwtSecret == null || jwtSecret.isEmpty() ? null : jwtSecret;
  }

  @JsonProperty
  public Duration getApiKeyCacheTtl() {
    return apiKeyCacheTtl;
  }

  @JsonProperty
  public void setApiKeyCacheTtl(Duration apiKeyCacheTtl) {
    this.apiKeyCacheTtl = apiKeyCacheTtl;
  }
}
