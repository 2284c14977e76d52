package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.constraints.Size;

/**
 * Authentication settings. The JWT secret comes from the environment
 * ({@code jwtSecret: ${SIM_JWT_SECRET:-}}), never from a committed file; without one, bearer
 * tokens are refused and API keys still work.
 */
public class AuthConfig {
  @Size(min = 32, message = "must be at least 32 characters (HS256 needs 256 bits)")
  private String jwtSecret;

  @JsonProperty
  public String getJwtSecret() {
    return jwtSecret;
  }

  @JsonProperty
  public void setJwtSecret(String jwtSecret) {
    this.jwtSecret = jwtSecret == null || jwtSecret.isEmpty() ? null : jwtSecret;
  }
}
