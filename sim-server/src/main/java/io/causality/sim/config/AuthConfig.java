package io.causality.sim.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.google.common.net.InetAddresses;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.source.ImmutableSecret;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import io.causality.common.config.Substituted;
import io.causality.sim.auth.JwtVerifier;
import io.dropwizard.util.Duration;
import io.dropwizard.validation.MaxDuration;
import io.dropwizard.validation.MinDuration;
import io.dropwizard.validation.ValidationMethod;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.net.MalformedURLException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Authentication settings. Bearer tokens are accepted when {@code jwtSecret} (HS256, from the
 * environment: {@code jwtSecret: ${SIM_JWT_SECRET:-}}) or {@code jwksUrl} (RS256 and ES256 keys of
 * a single sign-on issuer) is set, and then only with the configured {@code issuer} and {@code
 * audience} and a lifetime within {@code maxTokenLifetime}. Without either, bearer tokens are
 * refused and API keys still work.
 */
public class AuthConfig {
  private static final int JWKS_TIMEOUT_MS = 5_000;
  private static final int JWKS_SIZE_LIMIT = 1_000_000;

  @Size(min = 32, message = "must be at least 32 characters (HS256 needs 256 bits)")
  @Substituted
  private String jwtSecret;

  private URI jwksUrl;

  private String issuer;

  private String audience;

  /** The longest {@code exp - iat} accepted. */
  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.MINUTES)
  @MaxDuration(value = 30, unit = TimeUnit.DAYS)
  private Duration maxTokenLifetime = Duration.hours(24);

  /** How long the issuer's key set is used before it is fetched again. */
  @NotNull
  @MinDuration(value = 1, unit = TimeUnit.SECONDS)
  @MaxDuration(value = 1, unit = TimeUnit.DAYS)
  private Duration jwksCacheTtl = Duration.minutes(5);

  /**
   * The least time between two fetches of the key set, also when tokens name a key id it does not
   * hold: a new key of the issuer (a rotation) is found at once, a flood of made-up key ids costs
   * the issuer one request per interval.
   */
  @NotNull
  @MaxDuration(value = 1, unit = TimeUnit.HOURS)
  private Duration jwksMinRefreshInterval = Duration.seconds(30);

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
    this.jwtSecret = blankToNull(jwtSecret);
  }

  @JsonProperty
  public URI getJwksUrl() {
    return jwksUrl;
  }

  @JsonProperty
  public void setJwksUrl(URI jwksUrl) {
    this.jwksUrl = jwksUrl == null || jwksUrl.toString().isBlank() ? null : jwksUrl;
  }

  @JsonProperty
  public String getIssuer() {
    return issuer;
  }

  @JsonProperty
  public void setIssuer(String issuer) {
    this.issuer = blankToNull(issuer);
  }

  @JsonProperty
  public String getAudience() {
    return audience;
  }

  @JsonProperty
  public void setAudience(String audience) {
    this.audience = blankToNull(audience);
  }

  @JsonProperty
  public Duration getMaxTokenLifetime() {
    return maxTokenLifetime;
  }

  @JsonProperty
  public void setMaxTokenLifetime(Duration maxTokenLifetime) {
    this.maxTokenLifetime = maxTokenLifetime;
  }

  @JsonProperty
  public Duration getJwksCacheTtl() {
    return jwksCacheTtl;
  }

  @JsonProperty
  public void setJwksCacheTtl(Duration jwksCacheTtl) {
    this.jwksCacheTtl = jwksCacheTtl;
  }

  @JsonProperty
  public Duration getJwksMinRefreshInterval() {
    return jwksMinRefreshInterval;
  }

  @JsonProperty
  public void setJwksMinRefreshInterval(Duration jwksMinRefreshInterval) {
    this.jwksMinRefreshInterval = jwksMinRefreshInterval;
  }

  @JsonProperty
  public Duration getApiKeyCacheTtl() {
    return apiKeyCacheTtl;
  }

  @JsonProperty
  public void setApiKeyCacheTtl(Duration apiKeyCacheTtl) {
    this.apiKeyCacheTtl = apiKeyCacheTtl;
  }

  /** Whether bearer tokens are accepted at all. */
  @JsonIgnore
  public boolean acceptsTokens() {
    return jwtSecret != null || jwksUrl != null;
  }

  @JsonIgnore
  @ValidationMethod(
      message =
          "auth.issuer and auth.audience are required when bearer tokens are accepted"
              + " (auth.jwtSecret or auth.jwksUrl is set)")
  public boolean isIssuerAndAudienceSetForTokens() {
    return !acceptsTokens() || (issuer != null && audience != null);
  }

  @JsonIgnore
  @ValidationMethod(
      message = "auth.jwksUrl must be an https URL, or http to a loopback address (127.0.0.1, ::1)")
  public boolean isJwksUrlSafe() {
    if (jwksUrl == null) {
      return true;
    }
    String host = jwksUrl.getHost() == null ? "" : jwksUrl.getHost().replaceAll("^\\[|\\]$", "");
    return "https".equals(jwksUrl.getScheme())
        || ("http".equals(jwksUrl.getScheme())
            && InetAddresses.isInetAddress(host)
            && InetAddresses.forString(host).isLoopbackAddress());
  }

  /** The verifier of bearer tokens, when they are accepted. */
  public Optional<JwtVerifier> buildVerifier(Clock clock) {
    if (!acceptsTokens()) {
      return Optional.empty();
    }
    Map<JWSAlgorithm, JWSKeySelector<SecurityContext>> keys = new LinkedHashMap<>();
    if (jwtSecret != null) {
      keys.put(
          JWSAlgorithm.HS256,
          new JWSVerificationKeySelector<>(
              JWSAlgorithm.HS256,
              new ImmutableSecret<>(jwtSecret.getBytes(StandardCharsets.UTF_8))));
    }
    if (jwksUrl != null) {
      JWSKeySelector<SecurityContext> issuerKeys =
          new JWSVerificationKeySelector<>(
              Set.of(JWSAlgorithm.RS256, JWSAlgorithm.ES256), issuerKeySet());
      keys.put(JWSAlgorithm.RS256, issuerKeys);
      keys.put(JWSAlgorithm.ES256, issuerKeys);
    }
    return Optional.of(
        new JwtVerifier(
            keys,
            issuer,
            audience,
            java.time.Duration.ofMillis(maxTokenLifetime.toMilliseconds()),
            clock));
  }

  /** The issuer's keys: cached, fetched again on an unknown key id, at most once an interval. */
  private JWKSource<SecurityContext> issuerKeySet() {
    try {
      long interval = jwksMinRefreshInterval.toMilliseconds();
      JWKSourceBuilder<SecurityContext> builder =
          JWKSourceBuilder.<SecurityContext>create(
                  jwksUrl.toURL(),
                  new DefaultResourceRetriever(JWKS_TIMEOUT_MS, JWKS_TIMEOUT_MS, JWKS_SIZE_LIMIT))
              .cache(jwksCacheTtl.toMilliseconds(), JWKS_TIMEOUT_MS)
              .retrying(false);
      return (interval > 0 ? builder.rateLimited(interval) : builder.rateLimited(false)).build();
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException("auth.jwksUrl is not a URL", e);
    }
  }

  private static String blankToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }
}
