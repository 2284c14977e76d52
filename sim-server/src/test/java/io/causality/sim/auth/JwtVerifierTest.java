package io.causality.sim.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.causality.sim.config.AuthConfig;
import io.dropwizard.jersey.validation.Validators;
import io.dropwizard.util.Duration;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The claims of an HS256 bearer token (docs/security.md, "Bearer tokens"): the configured issuer
 * and audience, a subject, an expiry, an issue time, a lifetime within the cap. Before, a token of
 * the year 3000, of a foreign audience or of the issuer {@code evil} was accepted.
 */
class JwtVerifierTest {
  private static final String SECRET = "a-test-secret-of-at-least-thirty-two-bytes";
  private static final Instant NOW = Instant.parse("2026-11-27T12:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  private static AuthConfig config() {
    AuthConfig auth = new AuthConfig();
    auth.setJwtSecret(SECRET);
    auth.setIssuer("https://sso.example");
    auth.setAudience("sim-server");
    return auth;
  }

  private static JWTClaimsSet.Builder valid() {
    return new JWTClaimsSet.Builder()
        .subject("alice")
        .issuer("https://sso.example")
        .audience("sim-server")
        .issueTime(Date.from(NOW.minusSeconds(60)))
        .expirationTime(Date.from(NOW.plusSeconds(3_600)));
  }

  private static String token(UnaryOperator<JWTClaimsSet.Builder> change) throws Exception {
    SignedJWT jwt =
        new SignedJWT(
            new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build(),
            change.apply(valid()).build());
    jwt.sign(new MACSigner(SECRET.getBytes(StandardCharsets.UTF_8)));
    return jwt.serialize();
  }

  private static boolean accepted(AuthConfig auth, String token) {
    return auth.buildVerifier(CLOCK).orElseThrow().verifiedSubject(token).isPresent();
  }

  @Test
  void aTokenOfTheIssuerForThisAudienceWithinItsLifetimeIsAccepted() throws Exception {
    assertThat(config().buildVerifier(CLOCK).orElseThrow().verifiedSubject(token(b -> b)))
        .contains("alice");
    assertThat(accepted(config(), token(b -> b.audience(java.util.List.of("other", "sim-server")))))
        .isTrue();
  }

  @Test
  void theAttacksOfTheReviewAreRefused() throws Exception {
    assertThat(
            accepted(
                config(),
                token(b -> b.expirationTime(Date.from(Instant.parse("3000-01-01T00:00:00Z"))))))
        .as("exp in the year 3000")
        .isFalse();
    assertThat(accepted(config(), token(b -> b.audience("another-service")))).as("aud").isFalse();
    assertThat(accepted(config(), token(b -> b.issuer("evil")))).as("iss").isFalse();
  }

  @Test
  void everyRequiredClaimIsRequired() throws Exception {
    assertThat(accepted(config(), token(b -> b.issuer(null)))).as("no iss").isFalse();
    assertThat(accepted(config(), token(b -> b.audience((String) null)))).as("no aud").isFalse();
    assertThat(accepted(config(), token(b -> b.issueTime(null)))).as("no iat").isFalse();
    assertThat(accepted(config(), token(b -> b.subject(null)))).as("no sub").isFalse();
    assertThat(accepted(config(), token(b -> b.expirationTime(null)))).as("no exp").isFalse();
  }

  @Test
  void theLifetimeIsCappedAndConfigurable() throws Exception {
    String day =
        token(
            b ->
                b.issueTime(Date.from(NOW.minusSeconds(60)))
                    .expirationTime(Date.from(NOW.minusSeconds(60).plusSeconds(86_400))));
    String dayAndASecond =
        token(
            b ->
                b.issueTime(Date.from(NOW.minusSeconds(60)))
                    .expirationTime(Date.from(NOW.minusSeconds(60).plusSeconds(86_401))));
    assertThat(accepted(config(), day)).isTrue();
    assertThat(accepted(config(), dayAndASecond)).isFalse();
    AuthConfig shorter = config();
    shorter.setMaxTokenLifetime(Duration.hours(2));
    assertThat(accepted(shorter, day)).isFalse();
    assertThat(accepted(shorter, token(b -> b))).isTrue();
  }

  @Test
  void aTokenIssuedInTheFutureOrExpiredIsRefused() throws Exception {
    assertThat(
            accepted(
                config(),
                token(
                    b ->
                        b.issueTime(Date.from(NOW.plusSeconds(600)))
                            .expirationTime(Date.from(NOW.plusSeconds(1_200))))))
        .isFalse();
    assertThat(
            accepted(
                config(),
                token(
                    b ->
                        b.issueTime(Date.from(NOW.minusSeconds(7_200)))
                            .expirationTime(Date.from(NOW.minusSeconds(3_600))))))
        .isFalse();
  }

  @Test
  void tokensNeedAnIssuerAndAnAudienceConfiguredAndAJwksUrlThatIsSafe() {
    AuthConfig none = new AuthConfig();
    none.setJwtSecret(SECRET);
    assertThat(Validators.newValidator().validate(none))
        .singleElement()
        .satisfies(
            v ->
                assertThat(v.getMessage())
                    .startsWith("auth.issuer and auth.audience are required"));
    AuthConfig jwks = config();
    jwks.setJwksUrl(URI.create("http://sso.example/jwks.json"));
    assertThat(Validators.newValidator().validate(jwks))
        .singleElement()
        .satisfies(v -> assertThat(v.getMessage()).contains("https"));
    jwks.setJwksUrl(URI.create("http://127.0.0.1:9/jwks.json"));
    assertThat(Validators.newValidator().validate(jwks)).isEmpty();
    assertThat(Validators.newValidator().validate(new AuthConfig())).isEmpty();
  }
}
