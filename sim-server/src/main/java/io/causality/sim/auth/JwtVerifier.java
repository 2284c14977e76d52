package io.causality.sim.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import java.security.Key;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Verifies bearer tokens: the signature with the keys of its algorithm ({@code HS256} with the
 * configured secret; {@code RS256} and {@code ES256} with the issuer's JWKS; no other, no {@code
 * none}), the configured issuer and audience, a subject, an expiry that has not passed, an issue
 * time not in the future, and a lifetime ({@code exp - iat}) within the configured cap, each with
 * 60 s of clock skew. A token that fails any of these is refused, never explained.
 */
public final class JwtVerifier {
  static final Duration CLOCK_SKEW = Duration.ofSeconds(60);

  private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
  private final Duration maxLifetime;
  private final Clock clock;

  /**
   * @param keys the key selector of each accepted algorithm
   */
  public JwtVerifier(
      Map<JWSAlgorithm, JWSKeySelector<SecurityContext>> keys,
      String issuer,
      String audience,
      Duration maxLifetime,
      Clock clock) {
    this.maxLifetime = maxLifetime;
    this.clock = clock;
    Map<JWSAlgorithm, JWSKeySelector<SecurityContext>> selectors = Map.copyOf(keys);
    processor.setJWSKeySelector((header, context) -> keysOf(selectors, header, context));
    DefaultJWTClaimsVerifier<SecurityContext> claims =
        new DefaultJWTClaimsVerifier<>(
            Set.of(audience),
            new JWTClaimsSet.Builder().issuer(issuer).build(),
            Set.of("sub", "exp", "iat"),
            Set.of()) {
          @Override
          protected java.util.Date currentTime() {
            return java.util.Date.from(clock.instant());
          }
        };
    claims.setMaxClockSkew((int) CLOCK_SKEW.toSeconds());
    processor.setJWTClaimsSetVerifier(claims);
  }

  private static List<? extends Key> keysOf(
      Map<JWSAlgorithm, JWSKeySelector<SecurityContext>> selectors,
      JWSHeader header,
      SecurityContext context)
      throws com.nimbusds.jose.KeySourceException {
    JWSKeySelector<SecurityContext> selector = selectors.get(header.getAlgorithm());
    return selector == null ? List.of() : selector.selectJWSKeys(header, context);
  }

  /** The token's subject when the token is valid now; empty otherwise. */
  public Optional<String> verifiedSubject(String token) {
    try {
      JWTClaimsSet claims = processor.process(token, null);
      if (!withinLifetime(claims)) {
        return Optional.empty();
      }
      return Optional.ofNullable(claims.getSubject()).filter(s -> !s.isBlank());
    } catch (ParseException | BadJOSEException | JOSEException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Issued no later than now (with skew), and living no longer than the cap. */
  private boolean withinLifetime(JWTClaimsSet claims) {
    Instant issued = claims.getIssueTime().toInstant();
    Instant expires = claims.getExpirationTime().toInstant();
    return !issued.isAfter(clock.instant().plus(CLOCK_SKEW))
        && Duration.between(issued, expires).compareTo(maxLifetime) <= 0;
  }
}
